/**
 * Twilio Programmable Messaging: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded,
 * HTTP basic auth with the account SID and auth token. `from` is a number (+E.164) or a
 * messaging service SID (MG...). The base URL is configurable so tests can use a local fake.
 */
import type { SmsSender } from './index';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function twilioSender(options: TwilioOptions): SmsSender {
  const doFetch = options.fetch ?? globalThis.fetch;
  return {
    name: 'twilio',
    async send(message) {
      const body = new URLSearchParams({ To: message.to, Body: message.text });
      if (/^MG[0-9a-f]{32}$/i.test(options.from)) body.set('MessagingServiceSid', options.from);
      else body.set('From', options.from);
      const url = `${options.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
      const auth = Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
      const response = await doFetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      const data = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
      if (!response.ok || typeof data.sid !== 'string') {
        throw new Error(`Twilio refused the SMS (HTTP ${response.status}): ${data.message ?? ''}`);
      }
      return { id: data.sid };
    },
  };
}
