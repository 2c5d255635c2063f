// Mail through an SMTP server (nodemailer): SMTP_URL such as smtps://user:pass@smtp.example.com:465.
import nodemailer from 'nodemailer';
import type { MailMessage, MailProvider } from './types.js';

interface SmtpOptions {
  url: string;
  /** The From header, e.g. "查策网 <no-reply@example.com>". */
  from: string;
}

export function createSmtpMail({ url, from }: SmtpOptions): MailProvider {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
  };
}
