/** SMTP delivery through nodemailer; one pooled transport per process. */
import nodemailer from 'nodemailer';
import type { MailSender } from './index';

export function smtpSender(url: string): MailSender {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: Buffer.from(a.content),
              })),
            }
          : {}),
      });
      return { id: String(info.messageId ?? '') };
    },
  };
}
