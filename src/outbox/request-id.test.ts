import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../../test/log-capture.ts';
import { createTestContext, startTestServer, type TestContext } from '../../test/harness.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp.ts';

/** The request id follows the work a request causes: into its event, its job and the job's log lines. */
let context: TestContext;
let server: Awaited<ReturnType<typeof startTestServer>>;
let smtp: SmtpCapture;
const capture = captureLog('info');

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ log: capture.log, env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' } });
  context.startWorkers(['mail']);
  server = await startTestServer(context);
});
afterAll(async () => {
  await server?.close();
  await context?.close();
  await smtp?.close();
});

describe('a request id', () => {
  it("travels from the request into its event, its job and the job's log lines", async () => {
    smtp.failNext(1); // the job logs a warning we can read
    const client = await server.client().csrf();
    const response = await client.request('POST', '/api/contact', {
      json: { name: 'Traced Enquiry', email: 'buyer@example.com', telephone: '01233 000000', message: 'Hedging' },
      headers: { 'x-request-id': 'req-traced-0001' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-request-id')).toBe('req-traced-0001');

    const event = await context.deps.db('events').where({ name: 'contact.received' }).orderBy('id', 'desc').first();
    expect(event.request_id).toBe('req-traced-0001');
    const mail = await context.deps.db('mails').where({ kind: 'contact.enquiry' }).orderBy('id', 'desc').first();
    expect(mail.request_id).toBe('req-traced-0001');
    const jobLine = await capture.waitFor((r) => r.msg === 'mail not sent; will retry');
    expect(jobLine.requestId).toBe('req-traced-0001');
  });
});
