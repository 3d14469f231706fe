import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp.ts';
import { createMailer, type Mailer } from './transport.ts';

const log = pino({ level: 'silent' });
const varDir = mkdtempSync(path.join(tmpdir(), 'nursery-mail-'));
afterAll(() => rmSync(varDir, { recursive: true, force: true }));
const message = (i: number) => ({ to: `buyer${i}@example.com`, subject: `Order ${i}`, text: `Line ${i}`, html: `<p>Line ${i}</p>` });

/** Resolves once `check` holds, polling; fails after `ms` (a bound, not a timing under test). */
async function eventually(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('createMailer over SMTP', () => {
  let smtp: SmtpCapture;
  let mailer: Mailer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterEach(() => {
    mailer?.close();
    mailer = undefined;
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('carries many messages over at most maxConnections connections', async () => {
    const before = { opened: smtp.connections.opened, received: smtp.messages.length };
    smtp.connections.mostAtOnce = smtp.connections.open;
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Nursery <noreply@example.com>',
      replyTo: 'sales@example.com',
      varDir,
      log,
      maxConnections: 2,
    });
    // Twelve jobs sending at once, as a mail worker draining a backlog does.
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => mailer!.send(message(i))));
    expect(new Set(sent.map((s) => s.messageId)).size).toBe(12);
    await smtp.waitFor(before.received + 12);
    expect(
      smtp.messages
        .slice(before.received)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(Array.from({ length: 12 }, (_, i) => `Order ${i}`).sort());
    expect(smtp.connections.opened - before.opened).toBeLessThanOrEqual(2);
    expect(smtp.connections.mostAtOnce).toBeLessThanOrEqual(2);
  });

  it('rejects a send the server refuses, so the job retries, and sends the next one over the same pool', async () => {
    mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@example.com', replyTo: 'sales@example.com', varDir, log, maxConnections: 1 });
    const received = smtp.messages.length;
    smtp.failNext(1);
    await expect(mailer.send(message(100))).rejects.toMatchObject({ responseCode: 451 });
    await mailer.send(message(101));
    await smtp.waitFor(received + 1);
    expect(smtp.messages.slice(received).map((m) => m.subject)).toEqual(['Order 101']);
  });

  it('gives every message the sales Reply-To unless it names its own (a staff mail answering the buyer)', async () => {
    mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@example.com', replyTo: 'sales@example.com', varDir, log, maxConnections: 1 });
    const received = smtp.messages.length;
    await mailer.send(message(300));
    await mailer.send({ ...message(301), replyTo: 'buyer@example.com' });
    await smtp.waitFor(received + 2);
    const bySubject = Object.fromEntries(smtp.messages.slice(received).map((m) => [m.subject, m.replyTo]));
    expect(bySubject).toEqual({ 'Order 300': 'sales@example.com', 'Order 301': 'buyer@example.com' });
  });

  it('closes its connections on close()', async () => {
    mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@example.com', replyTo: 'sales@example.com', varDir, log, maxConnections: 2 });
    await Promise.all([mailer.send(message(200)), mailer.send(message(201))]);
    expect(smtp.connections.open).toBeGreaterThan(0); // the pool keeps them for the next message
    mailer.close();
    mailer = undefined;
    await eventually(() => smtp.connections.open === 0);
  });
});

describe('createMailer', () => {
  it('rejects a send when no server answers, so the job retries', async () => {
    // A port that was free a moment ago and has nothing listening now.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'noreply@example.com',
      replyTo: 'sales@example.com',
      varDir,
      log,
      maxConnections: 3,
    });
    try {
      await expect(mailer.send(message(1))).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      mailer.close();
    }
  });

  it('writes each message to VAR_DIR/mail as an .eml file without SMTP_URL', async () => {
    const mailer = createMailer({ from: 'noreply@example.com', replyTo: 'sales@example.com', varDir, log, maxConnections: 3 });
    try {
      await mailer.send(message(7));
    } finally {
      mailer.close();
    }
    const files = readdirSync(path.join(varDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(varDir, 'mail', files[0]!), 'utf8')).toContain('Subject: Order 7');
  });
});
