import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go; left out, the mailer's `replyTo` (the sales address). Staff mails name the buyer. */
  replyTo?: string;
  /** Files generated for this message (a quote request's XLSX), passed to nodemailer as they are. */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** Messages one pooled connection carries before it is replaced (servers cap messages per session). */
const MESSAGES_PER_CONNECTION = 100;
/**
 * A send that hears nothing for this long fails (and is retried later) rather than hanging for
 * nodemailer's default 10 minutes: the whole conversation must end well inside a delivery's lease
 * (SEND_LEASE_MS, src/mail/backoff.ts), or a second delivery could send the same mail.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /**
   * Reply-To of every message that names none (SALES_EMAIL): MAIL_FROM is a noreply address, so a
   * buyer answering a confirmation, a decision or an account notice reaches the sales desk. Set
   * here, once, so no mail to a buyer can be built without it.
   */
  replyTo: string;
  varDir: string;
  log: Logger;
  /** SMTP connections open at once (SMTP_MAX_CONNECTIONS): messages beyond them wait for a free one. */
  maxConnections: number;
}

/**
 * nodemailer over SMTP_URL, through a pool of at most `maxConnections` connections that each carry
 * many messages: a connection per message paid the whole greeting, TLS and login again for every
 * mail (two mails per 30 s against a slow server) and opened one per job running (thousands at once
 * when the in-process queue drained a backlog). A send that fails rejects, and the mail's row
 * schedules its retry (src/outbox/mail-delivery.ts).
 * Every message gets a Reply-To (its own, else `replyTo`).
 * Without SMTP_URL, each message is written as an .eml file under VAR_DIR/mail and logged, so
 * development needs no mail server. `close()` closes the pool's connections (on shutdown).
 */
export function createMailer(options: MailerOptions): Mailer {
  const envelope = (message: MailMessage) => ({ from: options.from, ...message, replyTo: message.replyTo ?? options.replyTo });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: options.maxConnections,
      maxMessages: MESSAGES_PER_CONNECTION,
      ...SMTP_TIMEOUTS,
    });
    return {
      async send(message) {
        const info = await transport.sendMail(envelope(message));
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.varDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(message));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to file (no SMTP_URL)');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
