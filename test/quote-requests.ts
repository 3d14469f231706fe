import { afterAll, beforeAll, expect } from 'vitest';
import { insertCatalogueItems } from '../seeds/factories.ts';
import { signedIn } from './admin.ts';
import { startMailingApp, type MailingApp } from './harness.ts';
import type { CapturedMail } from './smtp.ts';

/**
 * The app the quote request route tests run against (one per test file): mail workers and a real
 * SMTP server, sales' address set, and a catalogue of three named lines and 300 more (the guest
 * tests send more lines than a list may hold). `ids` starts with the three named lines.
 */
async function startQuoteRequestsApp(): Promise<{ app: MailingApp; ids: number[] }> {
  // Every guest request here gives one address: its confirmations are not what these tests count.
  const app = await startMailingApp({
    env: { ENQUIRIES_TO: 'sales@nursery.test', CONTACT_PER_MINUTE: '30', QUOTE_CONFIRMATIONS_PER_HOUR: '1000' },
  });
  const ids = await insertCatalogueItems(app.context.deps.db, [
    { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn', form: 'Bare root', height: '40-60' },
    { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech <i>', form: 'Bare root', height: '60-90' },
    { genus: 'Acer', species: "platanoides 'Crimson King'", common_name: 'Norway maple', form: '10L', height: '175-200' },
    ...Array.from({ length: 300 }, () => ({})),
  ]);
  return { app, ids };
}

/**
 * {@link startQuoteRequestsApp} for the test file that calls this at its top level: started before
 * its tests, closed after them. The accessors read the started app; `visitor()` is a guest with a
 * CSRF token from an address of its own, `buyer()` a newly signed-up, signed-in buyer.
 */
export function quoteRequestsAppForThisFile() {
  let started: { app: MailingApp; ids: number[] } | undefined;
  beforeAll(async () => {
    started = await startQuoteRequestsApp();
  });
  afterAll(async () => {
    await started?.app.close();
  });
  const app = () => started!.app;
  return {
    app,
    ids: () => started!.ids,
    db: () => app().context.deps.db,
    visitor: () => app().visitor().csrf(),
    buyer: () => signedIn(app().server, app().context.deps, { role: 'user' }),
  };
}

/** Nothing waiting, delayed or running on the app's mail queue: every mail job has run. */
export async function mailQueueIdle(app: MailingApp): Promise<boolean> {
  const mail = app.context.deps.queue.bullQueues!().find((q) => q.name === 'mail')!;
  const counts = await mail.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return Object.values(counts).every((n) => n === 0);
}

/** A guest's request for `lines` with every detail filled in, markup included (the mails must escape it). */
export const guestRequest = (lines: unknown) => ({
  lines,
  delivery_postcode: 'tn27 9aa',
  wanted_by: '2027-02-15',
  notes: 'Deliver to the back gate <script>alert(1)</script>',
  name: 'Jo Landscaper <b>',
  company: 'Greenways & Co',
  email: 'jo@example.com',
  telephone: '01233 555 123',
});

/** The captured mails whose subject names the request `reference`. */
export const mailsAbout = (app: MailingApp, reference: string) => app.smtp.messages.filter((m) => m.subject.includes(reference));

/** Waits until `n` captured mails name the request `reference`, and returns them. */
export async function waitForMails(app: MailingApp, reference: string, n: number): Promise<CapturedMail[]> {
  await expect.poll(() => mailsAbout(app, reference).length, { timeout: 10_000 }).toBe(n);
  return mailsAbout(app, reference);
}
