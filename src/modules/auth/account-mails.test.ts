import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/auth.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { expectTextSaysAllHtmlSays } from '../../../test/mail-parity.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp.ts';
import { deriveKey, encrypt } from '../../crypto.ts';
import type { MailKind } from '../../mail/kinds.ts';
import { accountMailBuilders } from './account-mail.ts';

/**
 * Every account mail as a mail server receives it: it answers to the sales desk (MAIL_FROM is a
 * noreply address) and its plain-text part says all that its HTML part says, link included.
 */
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

/** The HTML's fallback under a button: presentation, the text part gives the link with its label instead. */
const BUTTON_FALLBACK = ['If the button does not work, copy this address into your browser:'];

const KINDS: [MailKind & `account.${string}`, string[]][] = [
  ['account.verify-email', ['Verify Email Address', 'https://nursery.test/', 'The link works for 60 minutes']],
  ['account.reset-password', ['Reset Password', 'https://nursery.test/reset-password/', 'only once']],
  ['account.password-changed', ['01233 712 400']],
  ['account.two-factor-enabled', ['recovery codes']],
  ['account.two-factor-disabled', ['01233 712 400']],
  ['account.two-factor-lockout', ['entered a wrong two-factor code', 'minutes']],
  [
    'account.login-lockout',
    ['entered a wrong password for your account 10 times', 'for 30 minutes', 'Devices you have signed in on before'],
  ],
];

describe('account mails', () => {
  it.each(KINDS)('%s answers to the sales desk and says everything in its text part', async (kind, facts) => {
    const { user } = await insertUser(context.deps, { verified: kind !== 'account.verify-email' });
    const token = encrypt(deriveKey(context.deps.config.appKey, 'mail-job'), 'a-reset-token');
    const draft = await accountMailBuilders(context.deps)[kind]({ userId: user.id, token, minutes: 30 });
    await context.deps.mailer.send(draft!.message);
    await expect.poll(() => smtp.messages.some((m) => m.to.includes(user.email)), { timeout: 10_000 }).toBe(true);
    const mail = smtp.messages.find((m) => m.to.includes(user.email))!;
    expect(mail.replyTo).toBe('desk@nursery.test');
    expectTextSaysAllHtmlSays(mail, [`Hello ${user.firstname},`, ...facts], BUTTON_FALLBACK);
  });
});
