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

export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  notes: Record<string, string>;
}

export async function fakeRazorpay(keyId: string, keySecret: string) {
  const links = new Map<string, RazorpayLink>();
  const refunds: RazorpayRefund[] = [];
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
    } else if (
      req.method === 'POST' &&
      /^\/v1\/payment_links\/[^/]+\/cancel$/.test(req.url ?? '')
    ) {
      const link = links.get(req.url!.split('/')[3] ?? '');
      if (link && link.status === 'created') {
        link.status = 'cancelled';
        answer = json(200, link);
      } else if (link) {
        answer = json(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: `Payment link is ${link.status}` },
        });
      }
    } else if (req.method === 'GET' && req.url?.startsWith('/v1/payment_links/')) {
      const link = links.get(req.url.split('/').pop() ?? '');
      if (link) answer = json(200, link);
    } else if (/^\/v1\/payments\/[^/]+\/refunds?(\?.*)?$/.test(req.url ?? '')) {
      const paymentId = req.url!.split('/')[3] ?? '';
      const paid = [...links.values()].find((l) =>
        l.payments?.some((p) => p.payment_id === paymentId),
      );
      const made = refunds.filter((r) => r.payment_id === paymentId);
      if (req.method === 'GET') {
        answer = json(200, { entity: 'collection', count: made.length, items: made });
      } else if (paid) {
        const input = JSON.parse(body || '{}') as {
          amount?: number;
          notes?: Record<string, string>;
        };
        const amount = input.amount ?? paid.amount_paid;
        if (made.reduce((n, r) => n + r.amount, 0) + amount > paid.amount_paid) {
          answer = json(400, {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'The total refund amount is greater than the refund payment amount',
            },
          });
        } else {
          const refund = {
            id: `rfnd_${refunds.length + 1}`,
            payment_id: paymentId,
            amount,
            notes: input.notes ?? {},
          };
          refunds.push(refund);
          answer = json(200, refund);
        }
      }
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  const url = await listen(server);
  return {
    url,
    requests,
    links,
    refunds,
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
  payment_intent: string | null;
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: string;
}

export async function fakeStripe(secretKey: string) {
  const sessions = new Map<string, StripeSession>();
  const refunds: StripeRefund[] = [];
  /** Idempotency-Key -> the refund it made (Stripe answers a repeat with the first result). */
  const byKey = new Map<string, StripeRefund>();
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
        payment_intent: null,
      };
      sessions.set(id, session);
      answer = json(200, session);
    } else if (
      req.method === 'POST' &&
      /^\/v1\/checkout\/sessions\/[^/]+\/expire$/.test(req.url ?? '')
    ) {
      const session = sessions.get(req.url!.split('/')[4] ?? '');
      if (session && session.status === 'open') {
        session.status = 'expired';
        answer = json(200, session);
      } else if (session) {
        answer = json(400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          },
        });
      }
    } else if (req.method === 'POST' && req.url === '/v1/refunds') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const form = new URLSearchParams(body);
      const intent = form.get('payment_intent') ?? '';
      const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier) answer = json(200, earlier);
      else if (paid) {
        const refund: StripeRefund = {
          id: `re_${refunds.length + 1}`,
          object: 'refund',
          payment_intent: intent,
          amount: Number(form.get('amount') ?? paid.amount_total),
          status: 'succeeded',
        };
        refunds.push(refund);
        if (key) byKey.set(key, refund);
        answer = json(200, refund);
      }
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
    refunds,
    pay(id: string) {
      const session = sessions.get(id)!;
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_${id}`,
      });
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
