import nodemailer, { type Transporter } from 'nodemailer';
import type { Sql } from 'postgres';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the message's own headers (a newsletter's List-Unsubscribe) */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** true when messages go to the dev mailbox table instead of an SMTP server */
  readonly toDevMailbox: boolean;
}

export interface MailerOptions {
  /** smtp(s)://user:pass@host:port; absent: the dev mailbox */
  smtpUrl?: string | undefined;
  from: string;
  /** where the dev mailbox lives (the platform's database) */
  sql: Sql;
}

/**
 * E-mail through nodemailer. With an SMTP URL, its SMTP transport; without one, nodemailer still renders the
 * message (JSON transport) and it is stored in `dev_mailbox`, so tests and developers can follow verification
 * and reset links (GET /api/v1/dev/mailbox) without a mail server.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      toDevMailbox: false,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    toDevMailbox: true,
    async send(message) {
      const info = (await transport.sendMail({ from: options.from, ...message })) as { message: string };
      const rendered = JSON.parse(info.message) as { subject?: string; text?: string; html?: string };
      await options.sql`insert into dev_mailbox (to_address, subject, text_body, html_body, headers)
        values (${message.to}, ${rendered.subject ?? message.subject}, ${rendered.text ?? message.text},
                ${rendered.html ?? message.html ?? null},
                ${message.headers ? options.sql.json(message.headers) : null})`;
    },
  };
}
