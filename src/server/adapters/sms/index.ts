/**
 * Sending SMS (OTPs). One interface; the implementation is chosen by configuration:
 * - TWILIO_ACCOUNT_SID (+ TWILIO_AUTH_TOKEN, TWILIO_FROM) set: Twilio's Messages API.
 * - otherwise: the outbox, DATA_DIR/outbox/sms/*.json (nothing is sent; see ../outbox.ts).
 */
import { ConfigError, config } from '~/server/config';
import { writeOutbox } from '~/server/adapters/outbox';
import { twilioSender } from './twilio';

export interface SmsMessage {
  /** E.164 number with +, e.g. +919876543210. */
  to: string;
  text: string;
  /** The site the message is sent for (kept in the outbox; senders may pick a sender id). */
  siteContext?: string;
}

export interface SmsSender {
  readonly name: string;
  /** Resolves with the provider's message id; rejects when the provider refused it. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

export const outboxSmsSender: SmsSender = {
  name: 'outbox',
  async send(message) {
    return { id: await writeOutbox('sms', { ...message }) };
  },
};

let override: SmsSender | undefined;

/** Tests swap the sender (e.g. to capture or fail); `undefined` restores the configured one. */
export function setSmsSender(sender: SmsSender | undefined): void {
  override = sender;
}

export function getSmsSender(): SmsSender {
  if (override) return override;
  if (!config.TWILIO_ACCOUNT_SID) return outboxSmsSender;
  if (!config.TWILIO_AUTH_TOKEN || !config.TWILIO_FROM) {
    throw new ConfigError(
      'TWILIO_ACCOUNT_SID is set, so TWILIO_AUTH_TOKEN and TWILIO_FROM must be set too (or unset all three to use the outbox)',
    );
  }
  return twilioSender({
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM,
    apiUrl: config.TWILIO_API_URL,
  });
}
