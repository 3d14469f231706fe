import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { createMailer, type MailMessage } from '../src/mail/transport.ts';
import { startSlowSmtp } from './slow-smtp.ts';

export interface MailPoolFigures {
  stallMs: number;
  /** Messages in flight at once in both modes: the pool's size (SMTP_MAX_CONNECTIONS' default). */
  inFlight: number;
  messages: number;
  pooledPerMinute: number;
  perMessagePerMinute: number;
  /** pooled ÷ one connection per message, in the pool's steady state. */
  ratio: number;
  /** The same, counting the opening of the pool's connections (three handshakes for 15 messages). */
  coldRatio: number;
  pooledConnections: number;
  perMessageConnections: number;
}

const IN_FLIGHT = 3;
const MESSAGES = 12;
const FROM = 'Hothfield Nurseries <noreply@example.com>';

const message = (i: number): MailMessage => ({
  to: `buyer${i}@example.com`,
  subject: `Enquiry ${i}`,
  text: `Enquiry ${i}`,
  html: `<p>Enquiry ${i}</p>`,
});

/** Sends `count` messages with at most `inFlight` at once, as a mail worker with that concurrency does. */
async function sendAll(send: (m: MailMessage) => Promise<unknown>, count: number, inFlight: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await send(message(next++));
    }),
  );
  return performance.now() - started;
}

/**
 * Mail throughput against a relay that answers every command `stallMs` late (see slow-smtp.ts):
 * our mailer (pooled) against nodemailer as it was used before, one connection per message. Both
 * keep three messages in flight, so both hold at most three connections and only reuse differs.
 * The pooled figure is its steady state: its connections are opened first by three untimed
 * messages (a pooled connection then carries up to 100 messages).
 */
export async function benchMailPool(stallMs = 1000): Promise<MailPoolFigures> {
  const log = pino({ level: 'silent' });
  const smtp = await startSlowSmtp(stallMs);
  try {
    const perMessage = nodemailer.createTransport(smtp.url);
    let before = smtp.connections();
    const perMessageMs = await sendAll((m) => perMessage.sendMail({ from: FROM, ...m }), MESSAGES, IN_FLIGHT);
    const perMessageConnections = smtp.connections() - before;
    perMessage.close();

    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      replyTo: 'sales@example.com',
      varDir: '/nonexistent',
      log,
      maxConnections: IN_FLIGHT,
    });
    try {
      before = smtp.connections();
      const openingMs = await sendAll((m) => mailer.send(m), IN_FLIGHT, IN_FLIGHT); // opens the pool's connections
      const pooledMs = await sendAll((m) => mailer.send(m), MESSAGES, IN_FLIGHT);
      const pooledConnections = smtp.connections() - before;
      if (smtp.received() !== 2 * MESSAGES + IN_FLIGHT) throw new Error(`the server accepted ${smtp.received()} messages`);
      const perMinute = (ms: number) => (MESSAGES / ms) * 60_000;
      return {
        stallMs,
        inFlight: IN_FLIGHT,
        messages: MESSAGES,
        pooledPerMinute: perMinute(pooledMs),
        perMessagePerMinute: perMinute(perMessageMs),
        ratio: perMessageMs / pooledMs,
        coldRatio: (MESSAGES + IN_FLIGHT) / (openingMs + pooledMs) / (MESSAGES / perMessageMs),
        pooledConnections,
        perMessageConnections,
      };
    } finally {
      mailer.close();
    }
  } finally {
    await smtp.close();
  }
}

// `npx tsx bench/mail-pool.ts`: this figure alone.
if (import.meta.filename === process.argv[1]) console.log(await benchMailPool(Number(process.env.BENCH_SMTP_STALL_MS ?? 1000)));
