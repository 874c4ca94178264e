/**
 * Sending mail (email OTPs). One interface; the implementation is chosen by configuration:
 * - SMTP_URL set (smtp://user:pass@host:587, STARTTLS when offered; smtps://... for TLS on 465):
 *   SMTP through nodemailer.
 * - otherwise: the outbox, DATA_DIR/outbox/mail/*.json (nothing is sent; see ../outbox.ts).
 */
import { config } from '~/server/config';
import { writeOutbox } from '~/server/adapters/outbox';
import { smtpSender } from './smtp';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (multipart/alternative). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
  /** Defaults to MAIL_FROM, then no-reply@<site domain name>. */
  from?: string;
  siteContext?: string;
  /** Files sent with the mail (e.g. an invoice PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailSender {
  readonly name: string;
  /** Resolves with the message id; rejects when the server refused it. */
  send(message: MailMessage): Promise<{ id: string }>;
}

export const outboxMailSender: MailSender = {
  name: 'outbox',
  async send(message) {
    // Attachments as base64 in the outbox's JSON file.
    const attachments = message.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.content.byteLength,
      base64: Buffer.from(a.content).toString('base64'),
    }));
    return {
      id: await writeOutbox('mail', { ...message, ...(attachments ? { attachments } : {}) }),
    };
  },
};

let override: MailSender | undefined;
let smtp: MailSender | undefined;

/** Tests swap the sender; `undefined` restores the configured one. */
export function setMailSender(sender: MailSender | undefined): void {
  override = sender;
}

export function getMailSender(): MailSender {
  if (override) return override;
  if (!config.SMTP_URL) return outboxMailSender;
  smtp ??= smtpSender(config.SMTP_URL);
  return smtp;
}

/** The From address for a site: MAIL_FROM, else no-reply@<domain name>. */
export function mailFrom(domainName: string): string {
  return config.MAIL_FROM ?? `no-reply@${domainName}`;
}
