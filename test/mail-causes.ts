import { expect } from 'vitest';
import { insertCatalogueItems } from '../seeds/factories.ts';
import { insertUser } from './auth.ts';
import type { MailingApp } from './harness.ts';
import type { CapturedMail } from './smtp.ts';

/** A mail a test expects: to whom, and a part of its subject. */
export interface ExpectedMail {
  what: string;
  to: string;
  subject: string;
}

/**
 * One of each cause of mail a visitor starts, made through HTTP as a browser would: a registration
 * (verification mail), a password reset, a guest quote request (the sales mail and the buyer's
 * confirmation) and a contact enquiry. Returns the five mails they owe. `tag` keeps addresses and
 * subjects apart from any other test's. The app must mail enquiries to `sales@nursery.test`.
 */
export async function makeEveryCauseOfMail(app: MailingApp, tag: string): Promise<ExpectedMail[]> {
  const { deps } = app.context;
  const registered = `${tag}.new@example.com`;
  const password = 'hawthorn-40-60';
  const registration = await (
    await app.visitor().csrf()
  ).post('/register', { firstname: 'Sam', lastname: tag, email: registered, password, password_confirmation: password });
  expect(registration.status).toBe(201);

  const { email: forgetful } = await insertUser(deps, { email: `${tag}.forgetful@example.com` });
  expect((await (await app.visitor().csrf()).post('/forgot-password', { email: forgetful })).status).toBe(200);

  // A line of its own for each call (one active line per plant), whatever it is.
  const [itemId] = await insertCatalogueItems(deps.db, 1);
  const buyer = `${tag}.buyer@example.com`;
  const quote = await (
    await app.visitor().csrf()
  ).post('/api/quote-requests', {
    lines: [{ catalogue_item_id: itemId, quantity: 500 }],
    delivery_postcode: 'TN27 9AA',
    name: `Jo ${tag}`,
    email: buyer,
    telephone: '01233 555 123',
  });
  expect(quote.status).toBe(201);
  const reference = quote.body.reference as string;

  const enquiry = await (
    await app.visitor().csrf()
  ).post('/api/contact', { name: `Enquirer ${tag}`, email: `${tag}.enquirer@example.com`, telephone: '01233 000000', message: 'Hedging' });
  expect(enquiry.status).toBe(201);

  return [
    { what: 'verification', to: registered, subject: 'Verify your email address' },
    { what: 'password reset', to: forgetful, subject: 'Reset your password' },
    { what: 'quote to sales', to: 'sales@nursery.test', subject: `Quote request ${reference}` },
    { what: 'quote confirmation', to: buyer, subject: `Your quote request ${reference}` },
    { what: 'enquiry', to: 'sales@nursery.test', subject: `Website enquiry from Enquirer ${tag}` },
  ];
}

/** How many of `messages` are the expected mail. */
export const copiesOf = (messages: CapturedMail[], mail: ExpectedMail) =>
  messages.filter((m) => m.to.includes(mail.to) && m.subject.includes(mail.subject)).length;

/** Each expected mail arrived exactly once. */
export function expectEachExactlyOnce(messages: CapturedMail[], mails: ExpectedMail[]): void {
  expect(Object.fromEntries(mails.map((mail) => [mail.what, copiesOf(messages, mail)]))).toEqual(
    Object.fromEntries(mails.map((mail) => [mail.what, 1])),
  );
}
