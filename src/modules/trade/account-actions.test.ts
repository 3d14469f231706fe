import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import type { TestClient } from '../../../test/http-client.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';

/**
 * Issue 16 item 6: staff suspend, reinstate and revoke an approved trade account, with a reason
 * mailed to the buyer; the buyer's prices go (and come back) with their very next request, through
 * the catalogue API, the genus API and the price list alike.
 */
const PRICE = 876_543;
let app: MailingApp;
let lineId: number;
let staff: TestClient & { userId: number };

beforeAll(async () => {
  app = await startMailingApp();
  [lineId] = (await insertCatalogueItems(app.context.deps.db, [
    { genus: 'Prunus', species: 'laurocerasus', common_name: 'Cherry laurel' },
  ])) as [number];
  await app.context.deps
    .db('catalogue_items')
    .where({ id: lineId })
    .update({ price_pence: PRICE, stock_status: 'in_stock', stock_quantity: 40 });
  staff = await (await signedIn(app.server, app.context.deps, { role: 'admin' })).csrf();
});
afterAll(async () => {
  await app?.close();
});

/** A signed-in buyer whose trade application is in `status`, with its id. */
async function buyer(status: TradeStatus = 'approved') {
  const client = await (await signedIn(app.server, app.context.deps, { role: 'user' })).csrf();
  const applicationId = await insertTradeApplication(app.context.deps.db, client.userId, status);
  await app.context.deps.db('trade_applications').where({ id: applicationId }).update({ company_name: 'Kent <b>Hedges</b> Ltd' });
  return Object.assign(client, { applicationId });
}

/** The line's trade fields as this client's next catalogue (and genus) request shows them. */
async function tradeSeenBy(client: TestClient) {
  const list = await client.get('/api/catalogue?q=laurocerasus');
  const genus = await client.get('/api/catalogue/genera/prunus');
  const line = list.body.results.find((l: { id: number }) => l.id === lineId);
  const genusLine = genus.body.data.lines.find((l: { id: number }) => l.id === lineId);
  expect('trade' in genusLine).toBe('trade' in line);
  return line.trade as { price_pence: number } | undefined;
}

const mailsTo = async (email: string, count: number) => {
  await expect.poll(() => app.smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return app.smtp.messages.filter((m) => m.to.includes(email));
};
const emailOf = async (userId: number) => (await app.context.deps.db('users').where({ id: userId }).first('email')).email as string;

describe('suspend, reinstate, revoke', () => {
  it('suspending hides prices from the next request, reinstating brings them back; each is mailed, reason escaped, Reply-To sales', async () => {
    const client = await buyer();
    expect((await tradeSeenBy(client))?.price_pence).toBe(PRICE);
    expect((await client.post('/api/price-list')).status).toBe(202);

    const suspended = await staff.post(`/api/admin/trade-applications/${client.applicationId}/suspend`, {
      reason: 'Invoice <i>overdue</i>',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ id: client.applicationId, status: 'suspended', reason: 'Invoice <i>overdue</i>' });
    expect(suspended.body.data.history.map((h: { action: string }) => h.action)).toEqual(['suspended']);
    expect(suspended.body.data.history[0]).toMatchObject({
      reason: 'Invoice <i>overdue</i>',
      by: { id: staff.userId, name: 'Alex Gardener' },
    });

    // The very next request: no trade field anywhere, no price list, and the buyer's page says why.
    expect(await tradeSeenBy(client)).toBeUndefined();
    expect((await client.get('/api/catalogue?q=laurocerasus')).raw.toString()).not.toContain(String(PRICE));
    for (const path of ['/catalogue?q=laurocerasus', '/catalogue/genus/prunus']) {
      const page = await client.get(path, { accept: 'text/html' });
      expect(page.body).toContain('laurocerasus');
      for (const text of [String(PRICE), '8765.43', '8,765.43']) expect(page.body).not.toContain(text);
    }
    expect((await client.post('/api/price-list')).status).toBe(403);
    expect((await client.get('/downloads/price-list.xlsx')).status).toBe(403);
    expect((await client.get('/api/trade-application')).body.data).toMatchObject({ status: 'suspended', reason: 'Invoice <i>overdue</i>' });
    // A suspended buyer cannot side-step the suspension by applying again.
    const again = await client.post('/api/trade-application', {
      company_name: 'Kent Hedges Ltd',
      business_type: 'landscaper',
      company_number: '01234567',
      delivery_postcode: 'TN26 1AA',
      invoice_email: 'accounts@example.com',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ application: ['Your trade account is suspended: please contact us.'] });

    const reinstated = await staff.post(`/api/admin/trade-applications/${client.applicationId}/reinstate`, {});
    expect(reinstated.body.data).toMatchObject({ status: 'approved', reason: null });
    expect((await tradeSeenBy(client))?.price_pence).toBe(PRICE);

    const email = await emailOf(client.userId);
    const mails = await mailsTo(email, 2);
    const suspension = mails.find((m) => m.subject === 'Your trade account is suspended')!;
    expect(suspension.html).toContain('Kent &lt;b&gt;Hedges&lt;/b&gt; Ltd');
    expect(suspension.html).toContain('Our reason: Invoice &lt;i&gt;overdue&lt;/i&gt;');
    expect(suspension.html).not.toContain('<i>overdue');
    expect(suspension.text).toContain('Our reason: Invoice <i>overdue</i>');
    expect(suspension.replyTo).toBe(app.context.deps.config.enquiriesTo);
    const back = mails.find((m) => m.subject === 'Your trade account is active again')!;
    expect(back.replyTo).toBe(app.context.deps.config.enquiriesTo);
    expect(back.text).toContain('/catalogue');
  });

  it('revoking closes the account: prices gone, mailed with the reason, and the buyer may apply again', async () => {
    const client = await buyer();
    const revoked = await staff.post(`/api/admin/trade-applications/${client.applicationId}/revoke`, { reason: 'The company has closed.' });
    expect(revoked.body.data).toMatchObject({ status: 'revoked', reason: 'The company has closed.' });
    expect(await tradeSeenBy(client)).toBeUndefined();
    expect(await app.context.services.trade.isApprovedTrade(client.userId)).toBe(false);

    const [mail] = (await mailsTo(await emailOf(client.userId), 1)).filter((m) => m.subject === 'Your trade account is closed');
    expect(mail!.text).toContain('Our reason: The company has closed.');
    expect(mail!.replyTo).toBe(app.context.deps.config.enquiriesTo);

    const reapplied = await client.post('/api/trade-application', {
      company_name: 'Kent Hedges Ltd',
      business_type: 'landscaper',
      vat_number: 'GB 123 4567 89',
      delivery_postcode: 'TN26 1AA',
      invoice_email: 'accounts@example.com',
    });
    expect(reapplied.status).toBe(201);
    expect(reapplied.body.data).toMatchObject({ status: 'pending', vat_number: 'GB123456789' });
    // Still no prices: a fresh application waits for staff like any other.
    expect(await tradeSeenBy(client)).toBeUndefined();
  });

  it('refuses actions the account is not in a state for, a missing reason, and unknown ids; changes nothing', async () => {
    const pending = await buyer('pending');
    const approved = await buyer('approved');
    const revoked = await buyer('revoked');
    const cases: [number, string, Record<string, unknown>, Record<string, string[]>][] = [
      [pending.applicationId, 'suspend', { reason: 'x' }, { status: ['Only an approved trade account can be suspended.'] }],
      [approved.applicationId, 'reinstate', {}, { status: ['Only a suspended trade account can be reinstated.'] }],
      [revoked.applicationId, 'revoke', { reason: 'x' }, { status: ['Only an approved or suspended trade account can be revoked.'] }],
      [approved.applicationId, 'suspend', { reason: '   ' }, { reason: ['The reason field is required.'] }],
      [approved.applicationId, 'revoke', {}, { reason: ['The reason field is required.'] }],
      [
        approved.applicationId,
        'suspend',
        { reason: 'y'.repeat(1001) },
        { reason: ['The reason field must not be greater than 1000 characters.'] },
      ],
    ];
    for (const [id, action, body, errors] of cases) {
      const answer = await staff.post(`/api/admin/trade-applications/${id}/${action}`, body);
      expect(answer.status, `${action} ${JSON.stringify(body).slice(0, 40)}`).toBe(422);
      expect(answer.body.errors).toEqual(errors);
    }
    for (const url of ['/api/admin/trade-applications/999999/suspend', '/api/admin/trade-applications/abc/revoke']) {
      expect((await staff.post(url, { reason: 'x' })).status).toBe(404);
    }
    const statuses = await app.context.deps
      .db('trade_applications')
      .whereIn('id', [pending.applicationId, approved.applicationId, revoked.applicationId])
      .orderBy('id')
      .pluck('status');
    expect(statuses).toEqual(['pending', 'approved', 'revoked']);
    expect(
      await app.context.deps
        .db('trade_account_history')
        .whereIn('application_id', [pending.applicationId, approved.applicationId])
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
  });

  it('is for verified staff only, with CSRF: a buyer, a guest or a forged request changes nothing', async () => {
    const client = await buyer();
    const url = `/api/admin/trade-applications/${client.applicationId}/suspend`;
    expect((await client.post(url, { reason: 'Self-service' })).status).toBe(403);
    expect((await (await app.server.client().csrf()).post(url, { reason: 'x' })).status).toBe(401);
    expect((await staff.post(url, { reason: 'Forged' }, { csrf: false })).status).toBe(419);
    expect((await client.get(`/api/admin/users/${client.userId}/trade-account`)).status).toBe(403);
    expect((await app.context.deps.db('trade_applications').where({ id: client.applicationId }).first()).status).toBe('approved');
    expect((await tradeSeenBy(client))?.price_pence).toBe(PRICE);
  });

  it("shows staff a user's accounts, newest first, each with its history from the application on", async () => {
    const client = await (await signedIn(app.server, app.context.deps, { role: 'user' })).csrf();
    const applied = await client.post('/api/trade-application', {
      company_name: 'Hothfield Hedging',
      business_type: 'council',
      company_number: 'sc 123 456',
      delivery_postcode: 'TN26 1AA',
      invoice_email: 'accounts@example.com',
    });
    expect(applied.body.data.company_number).toBe('SC123456');
    const id = applied.body.data.id as number;
    await staff.post(`/api/admin/trade-applications/${id}/approve`);
    await staff.post(`/api/admin/trade-applications/${id}/suspend`, { reason: 'Unpaid invoice' });
    await staff.post(`/api/admin/trade-applications/${id}/revoke`, { reason: 'Still unpaid' });
    const second = await client.post('/api/trade-application', { ...applied.body.data, company_number: '01234567', vat_number: null });
    expect(second.status).toBe(201);

    const accounts = await staff.get(`/api/admin/users/${client.userId}/trade-account`);
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [second.body.data.id, 'pending'],
      [id, 'revoked'],
    ]);
    const history = accounts.body.data[1].history as { action: string; reason: string | null; by: { name: string } | null; at: string }[];
    expect(history.map((h) => [h.action, h.reason, h.by?.name ?? null])).toEqual([
      ['applied', null, null],
      ['approved', null, 'Alex Gardener'],
      ['suspended', 'Unpaid invoice', 'Alex Gardener'],
      ['revoked', 'Still unpaid', 'Alex Gardener'],
    ]);
    expect(history[0]!.at).toMatch(/Z$/);
    expect(accounts.body.data[0].history.map((h: { action: string }) => h.action)).toEqual(['applied']);

    expect((await staff.get('/api/admin/users/999999/trade-account')).status).toBe(404);
    const none = await signedIn(app.server, app.context.deps, { role: 'user' });
    expect((await staff.get(`/api/admin/users/${none.userId}/trade-account`)).body).toEqual({ data: [] });
  });

  it('lists suspended and revoked accounts by status for staff', async () => {
    const client = await buyer('suspended');
    const list = await staff.get('/api/admin/trade-applications?status=suspended');
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: number }) => a.id)).toContain(client.applicationId);
    expect(list.body.data.every((a: { status: string }) => a.status === 'suspended')).toBe(true);
    expect((await staff.get('/api/admin/trade-applications?status=revoked')).status).toBe(200);
  });
});
