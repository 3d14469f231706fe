import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { insertUser } from '../../../test/auth.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { expectTextSaysAllHtmlSays } from '../../../test/mail-parity.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../test/smtp.ts';
import { quoteMailBuilders } from './mail-builders.ts';
import { LINE_HEADERS } from './mails.ts';

/**
 * The quote mails as a mail server receives them: the buyer's confirmation answers to the sales
 * desk, the sales copy answers to the buyer; dates are en-GB, heights carry "cm", and the plain-text
 * part says all that the HTML part says. The builders are called directly and their mails sent
 * (no workers run here).
 */
let context: TestContext;
let smtp: SmtpCapture;
let reference: string;
let id: number;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  context = await createTestContext({ env: { SMTP_URL: smtp.url, ENQUIRIES_TO: 'sales@nursery.test', SALES_EMAIL: 'desk@nursery.test' } });
  const ids = await insertCatalogueItems(context.deps.db, [
    { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '40-60' },
    { genus: 'Malus', species: 'M9', common_name: '', form: 'Bare root', height: 'Rootstock' },
  ]);
  ({ id, reference } = await context.services.quotes.request(
    {
      lines: [
        { catalogue_item_id: ids[0]!, quantity: 1500 },
        { catalogue_item_id: ids[1]!, quantity: 20 },
      ],
      delivery_postcode: 'TN27 9AA',
      wanted_by: '2027-02-15',
      notes: 'Deliver to the back gate',
      name: 'Jo Landscaper',
      company: 'Greenways & Co',
      email: 'jo@example.com',
      telephone: '01233 555 123',
    },
    // Sent signed in, to the account's own verified address: the confirmation repeats every detail.
    (await insertUser(context.deps, { email: 'jo@example.com' })).user.id,
    '10.0.0.1',
  ));
  // A fixed moment late on a winter evening: the UK day is the 26th, as in UTC.
  await context.deps
    .db('quote_requests')
    .where({ id })
    .update({ created_at: new Date('2026-11-26T22:30:00Z') });
});
afterAll(async () => {
  await context?.close();
  await smtp?.close();
});

const mailTo = async (address: string) => {
  await expect.poll(() => smtp.messages.some((m) => m.to.includes(address)), { timeout: 10_000 }).toBe(true);
  return smtp.messages.find((m) => m.to.includes(address))!;
};

const FACTS = () => [
  reference,
  'Greenways & Co',
  'TN27 9AA',
  'Jo Landscaper',
  'jo@example.com',
  '01233 555 123',
  'Deliver to the back gate',
  'Sent 26 November 2026',
  'Wanted by 15 February 2027',
  'Crataegus monogyna',
  '40-60 cm',
  '1,500',
  'Malus M9',
  'Rootstock',
];

describe('quote mails', () => {
  it("confirms to the buyer with the sales desk's Reply-To, en-GB dates, heights in cm and a text part that says it all", async () => {
    await context.deps.mailer.send((await quoteMailBuilders(context.deps)['quote.confirmation']({ quoteId: id }))!.message);
    const mail = await mailTo('jo@example.com');
    expect(mail.replyTo).toBe('desk@nursery.test');
    // Labels and values sit in separate cells in HTML and after a colon in text: compare without it.
    const plain = { html: mail.html, text: mail.text.replace(/^(Sent|Wanted by): /gm, '$1 ') };
    expectTextSaysAllHtmlSays(plain, FACTS(), LINE_HEADERS);
    expect(mail.text).toContain('1,500 × CRAMON-BR-4060 Crataegus monogyna (Hawthorn), Bare root, 40-60 cm');
    expect(mail.text).toContain('20 × MALM-BR-RS Malus M9, Bare root, Rootstock');
    expect(mail.text).not.toContain('Rootstock cm');
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('mails sales a copy that answers the buyer, saying the same in both parts', async () => {
    await context.deps.mailer.send((await quoteMailBuilders(context.deps)['quote.sales']({ quoteId: id }))!.message);
    const mail = await mailTo('sales@nursery.test');
    expect(mail.replyTo).toBe('jo@example.com');
    const plain = { html: mail.html, text: mail.text.replace(/^(Sent|Wanted by): /gm, '$1 ') };
    expectTextSaysAllHtmlSays(plain, [...FACTS(), 'Reply to this email to answer Jo Landscaper directly'], LINE_HEADERS);
  });
});
