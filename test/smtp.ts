import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string | undefined;
  raw: string;
}

/**
 * A real SMTP server on a free port that keeps every message it receives, so tests see exactly
 * what a mail server would. `failNext(n)` makes the next n deliveries fail with a 451;
 * `hold(address)` keeps deliveries to that address hanging (a slow server) until `release()`;
 * `refuseRecipient(address)` answers RCPT TO for that address with a 550 (no such mailbox) until
 * `acceptRecipient(address)`; `goDown()` greets every session with a 421 (service not available)
 * until `comeBack()`; `connections` counts the SMTP sessions clients opened.
 */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = [];
  let failures = 0;
  const waiters: (() => void)[] = [];
  const heldAddresses = new Set<string>();
  const refusedAddresses = new Set<string>();
  let down = false;
  let held: (() => void)[] = [];
  const connections = { opened: 0, open: 0, mostAtOnce: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.opened++;
      connections.open++;
      connections.mostAtOnce = Math.max(connections.mostAtOnce, connections.open);
      if (down) return callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (refusedAddresses.has(address.address))
        return callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: no such mailbox`), { responseCode: 550 }),
        );
      callback();
    },
    onClose() {
      connections.open--;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (session.envelope.rcptTo.some((r) => heldAddresses.has(r.address))) {
          held.push(() => accept(chunks, callback));
          return;
        }
        accept(chunks, callback);
      });
    },
  });
  /** Completes one DATA command: a scheduled failure, or the message kept. */
  const accept = (chunks: Buffer[], callback: (error?: Error | null) => void) => {
    if (failures > 0) {
      failures--;
      const error = Object.assign(new Error('Temporary failure'), { responseCode: 451 });
      callback(error);
      return;
    }
    const raw = Buffer.concat(chunks).toString('utf8');
    simpleParser(raw).then((parsed: ParsedMail) => {
      const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
      messages.push({
        to,
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        replyTo: parsed.replyTo?.value[0]?.address,
        raw,
      });
      waiters.splice(0).forEach((w) => w());
      callback();
    }, callback);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Connections ever opened, open now, and the most open at one time. */
    connections,
    failNext(n: number) {
      failures = n;
    },
    /** Leaves deliveries to `address` hanging in DATA until `release()`. */
    hold(address: string) {
      heldAddresses.add(address);
    },
    /** Answers RCPT TO for `address` with 550 until `acceptRecipient(address)`. */
    refuseRecipient(address: string) {
      refusedAddresses.add(address);
    },
    acceptRecipient(address: string) {
      refusedAddresses.delete(address);
    },
    /** Greets every new session with 421 until `comeBack()` (a server down for maintenance). */
    goDown() {
      down = true;
    },
    comeBack() {
      down = false;
    },
    /** Stops holding and lets every held delivery finish. */
    release() {
      heldAddresses.clear();
      const waiting = held;
      held = [];
      waiting.forEach((finish) => finish());
    },
    /** Resolves when at least `count` messages arrived, or rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<CapturedMail[]> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s), got ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve) => {
        heldAddresses.clear();
        held.splice(0).forEach((finish) => finish());
        server.close(() => resolve());
      }),
  };
}
export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
