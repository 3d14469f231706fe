import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/admin.ts';
import { startMailingApp, type MailingApp } from '../../../test/harness.ts';
import { APPLICATIONS_PER_HOUR, PRICE_LISTS_PER_HOUR } from './routes.ts';

let app: MailingApp;
beforeAll(async () => {
  app = await startMailingApp();
});
afterAll(async () => {
  await app?.close();
});

const valid = {
  company_name: 'Green <b>Spaces</b> Ltd',
  business_type: 'landscaper',
  company_number: '01234567',
  delivery_postcode: 'sw1a1aa',
  invoice_email: 'accounts@example.com',
};
const buyer = async (verified = true) => (await signedIn(app.server, app.context.deps, { role: 'user', verified })).csrf();
const admin = async () => (await signedIn(app.server, app.context.deps, { role: 'admin' })).csrf();

describe('trade applications', () => {
  it('stores an application, shows it to its buyer only, and refuses a second while one is pending', async () => {
    const client = await buyer();
    expect((await client.get('/api/trade-application')).body).toEqual({ data: null });
    const created = await client.post('/api/trade-application', valid);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'pending', delivery_postcode: 'SW1A 1AA', vat_number: null, reason: null });
    expect((await client.get('/api/trade-application')).body.data.id).toBe(created.body.data.id);

    const second = await client.post('/api/trade-application', valid);
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ application: ['You already have a trade application waiting for a decision.'] });

    // Another buyer sees only their own (none), and cannot reach the admin routes by id.
    const other = await buyer();
    expect((await other.get('/api/trade-application')).body).toEqual({ data: null });
    expect((await other.post(`/api/admin/trade-applications/${created.body.data.id}/approve`)).status).toBe(403);
  });

  it('answers bad input with field errors and stores nothing', async () => {
    const client = await buyer();
    const bad = await client.post('/api/trade-application', {
      company_name: '',
      business_type: 'florist',
      delivery_postcode: 'NOT A CODE',
      invoice_email: 'nope',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['business_type', 'company_name', 'delivery_postcode', 'invoice_email']);
    const noIds = await client.post('/api/trade-application', { ...valid, company_number: '' });
    expect(noIds.body.errors).toEqual({ company_number: ['The company number field is required when the VAT number is not present.'] });
    expect((await client.post('/api/trade-application', { ...valid, company_number: undefined, vat_number: 'GB123456789' })).status).toBe(
      201,
    );
    expect(await app.context.deps.db('trade_applications').where({ user_id: client.userId }).count({ n: '*' }).first()).toEqual({ n: '1' });
    expect((await (await buyer(false)).post('/api/trade-application', valid)).status).toBe(403);
    expect((await app.server.client().get('/api/trade-application')).status).toBe(401);
  });

  it('lets staff approve and reject, mailing the buyer once each way, with user text escaped', async () => {
    const staff = await admin();
    const approvedBuyer = await buyer();
    const rejectedBuyer = await buyer();
    const a = (await approvedBuyer.post('/api/trade-application', valid)).body.data;
    const r = (await rejectedBuyer.post('/api/trade-application', valid)).body.data;

    const pending = await staff.get('/api/admin/trade-applications?status=pending');
    expect(pending.body.data.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([a.id, r.id]));
    expect(pending.body.data[0].user).toMatchObject({ firstname: 'Alex', email: expect.stringContaining('@') });
    expect((await staff.get('/api/admin/stats')).body.trade.pending).toBeGreaterThanOrEqual(2);
    expect((await staff.get('/api/admin/trade-applications?status=open')).status).toBe(422);

    const approved = await staff.post(`/api/admin/trade-applications/${a.id}/approve`);
    expect(approved.body.data).toMatchObject({ status: 'approved', decided_at: expect.stringMatching(/Z$/) });
    const rejected = await staff.post(`/api/admin/trade-applications/${r.id}/reject`, { reason: 'No <i>trading</i> history' });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'No <i>trading</i> history' });
    expect((await staff.post(`/api/admin/trade-applications/${a.id}/reject`)).status).toBe(422);
    expect((await staff.post('/api/admin/trade-applications/999999/approve')).status).toBe(404);

    const mails = await app.smtp.waitFor(2);
    const toApproved = mails.filter((m) => m.subject === 'Your trade account is approved');
    const toRejected = mails.filter((m) => m.subject === 'Your trade account application');
    expect(toApproved).toHaveLength(1);
    expect(toRejected).toHaveLength(1);
    expect(toApproved[0]!.html).toContain('Green &lt;b&gt;Spaces&lt;/b&gt; Ltd');
    expect(toRejected[0]!.html).toContain('No &lt;i&gt;trading&lt;/i&gt; history');
    expect(toRejected[0]!.html).not.toContain('<i>trading');

    // Rejected buyers may apply again; approved ones are told they already are.
    expect((await rejectedBuyer.post('/api/trade-application', valid)).status).toBe(201);
    expect((await approvedBuyer.post('/api/trade-application', valid)).body.errors).toEqual({
      application: ['Your trade account is already approved.'],
    });
    expect(await app.context.services.trade.isApprovedTrade(approvedBuyer.userId)).toBe(true);
    expect(await app.context.services.trade.isApprovedTrade(rejectedBuyer.userId)).toBe(false);
  });
});

describe('rate limits', () => {
  it("counts each buyer's applications, valid or not, and answers 429 past the hourly limit; other buyers are unaffected", async () => {
    const client = await buyer();
    for (let i = 0; i < APPLICATIONS_PER_HOUR; i++)
      expect((await client.post('/api/trade-application', { company_name: '' })).status).toBe(422);
    const refused = await client.post('/api/trade-application', valid);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await app.context.deps.db('trade_applications').where({ user_id: client.userId }).first()).toBeUndefined();
    expect((await (await buyer()).post('/api/trade-application', valid)).status).toBe(201);
  });

  it('limits how often a buyer asks for a price list', async () => {
    const client = await buyer();
    for (let i = 0; i < PRICE_LISTS_PER_HOUR; i++) expect((await client.post('/api/price-list')).status).toBe(403); // not approved
    expect((await client.post('/api/price-list')).status).toBe(429);
    expect((await (await buyer()).post('/api/price-list')).status).toBe(403);
  });
});
