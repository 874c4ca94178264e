/**
 * Local fakes of the Razorpay and Stripe HTTP APIs (the few calls the adapters make), so the
 * official SDKs are exercised for real without the network. Each fake keeps what it was sent and
 * lets a test play the payer (mark a payment link or checkout session paid).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface Fake {
  url: string;
  requests: { method: string; path: string; body: string; auth: string | undefined }[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

const json = (status: number, data: unknown) => ({ status, body: JSON.stringify(data) });

export interface RazorpayLink {
  id: string;
  short_url: string;
  status: string;
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  payments: { payment_id: string }[] | null;
}

export async function fakeRazorpay(keyId: string, keySecret: string) {
  const links = new Map<string, RazorpayLink>();
  const requests: Fake['requests'] = [];
  let n = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      body,
      auth: req.headers.authorization,
    });
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    let answer = json(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } });
    if (req.headers.authorization !== expected) {
      answer = json(401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    } else if (req.method === 'POST' && req.url === '/v1/payment_links') {
      const input = JSON.parse(body) as { amount: number; currency: string; reference_id: string };
      const id = `plink_${++n}`;
      const link = {
        id,
        short_url: `https://rzp.io/i/${id}`,
        status: 'created',
        amount: input.amount,
        amount_paid: 0,
        currency: input.currency,
        reference_id: input.reference_id,
        payments: null,
      };
      links.set(id, link);
      answer = json(200, link);
    } else if (req.method === 'GET' && req.url?.startsWith('/v1/payment_links/')) {
      const link = links.get(req.url.split('/').pop() ?? '');
      if (link) answer = json(200, link);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  const url = await listen(server);
  return {
    url,
    requests,
    links,
    /** The payer pays the link on Razorpay's page. */
    pay(id: string, paymentId: string) {
      const link = links.get(id)!;
      Object.assign(link, {
        status: 'paid',
        amount_paid: link.amount,
        payments: [{ payment_id: paymentId }],
      });
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: string;
  payment_status: string;
  amount_total: number;
  currency: string;
  client_reference_id: string;
  success_url: string;
}

export async function fakeStripe(secretKey: string) {
  const sessions = new Map<string, StripeSession>();
  const requests: Fake['requests'] = [];
  let n = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      body,
      auth: req.headers.authorization,
    });
    let answer = json(404, {
      error: { type: 'invalid_request_error', message: 'No such session' },
    });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      answer = json(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    } else if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      const form = new URLSearchParams(body);
      const id = `cs_test_${++n}`;
      const session: StripeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: form.get('client_reference_id') ?? '',
        success_url: form.get('success_url') ?? '',
      };
      sessions.set(id, session);
      answer = json(200, session);
    } else if (req.method === 'GET' && req.url?.startsWith('/v1/checkout/sessions/')) {
      const session = sessions.get(req.url.split('/').pop()?.split('?')[0] ?? '');
      if (session) answer = json(200, session);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${n}` });
    res.end(answer.body);
  });
  const url = await listen(server);
  return {
    url,
    requests,
    sessions,
    pay(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
