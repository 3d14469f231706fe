import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/auth.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { expectTextSaysAllHtmlSays } from '../../../test/mail-parity.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';
import { buildTradeDecisionMail } from './decision-mail.ts';

/** The trade decision mails as a mail server receives them: they answer to the sales desk and say it all in text. */
let context: TestContext;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ env: { SMTP_URL: smtp.url, SALES_EMAIL: 'desk@nursery.test', APP_URL: 'https://nursery.test' } });
});
afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

const BUTTON_FALLBACK = ['If the button does not work, copy this address into your browser:'];

describe('trade decision mails', () => {
  it.each<[TradeStatus, string[]]>([
    ['approved', ['Your trade account for Acme Landscapes is approved.', 'Open the catalogue', 'https://nursery.test/catalogue']],
    ['rejected', ['trade account application for Acme Landscapes', 'Our note: No trading address <given>', '01233 712 400']],
  ])('%s: answers to the sales desk and says everything in its text part', async (status, facts) => {
    const { user } = await insertUser(context.deps);
    const applicationId = await insertTradeApplication(context.deps.db, user.id, status);
    if (status === 'rejected')
      await context.deps.db('trade_applications').where({ id: applicationId }).update({ reason: 'No trading address <given>' });
    await context.deps.mailer.send((await buildTradeDecisionMail(context.deps, { applicationId }))!.message);
    await expect.poll(() => smtp.messages.some((m) => m.to.includes(user.email)), { timeout: 10_000 }).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes(user.email))!;
    expect(mail.replyTo).toBe('desk@nursery.test');
    if (status === 'rejected') expect(mail.html).toContain('No trading address &lt;given&gt;'); // escaped
    expectTextSaysAllHtmlSays(mail, [`Hello ${user.firstname},`, ...facts], BUTTON_FALLBACK);
  });
});
