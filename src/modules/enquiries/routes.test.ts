import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin.ts';
import { insertContactMessage } from '../../../test/factories.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const app = useAdminApp();

/** Inserts an enquiry received `days` ago. */
async function enquiry(days: number, name?: string) {
  const row = await insertContactMessage(app.context.deps.db, name ? { name } : {});
  await app.context.deps
    .db('contact_messages')
    .where({ id: row.id })
    .update({ created_at: daysAgo(days) });
  return row;
}

describe('enquiries admin', () => {
  it('lists enquiries newest first, a page at a time, with explicit fields', async () => {
    const old = await enquiry(5, 'Older');
    const recent = await enquiry(1, 'Newer');
    await app.context.deps.db('contact_messages').where({ id: recent.id }).update({ emailed_at: new Date() });
    const list = await app.admin.get('/api/enquiries?limit=2&page=0');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([recent.id, old.id]);
    const first = list.body.results[0];
    expect(Object.keys(first).sort()).toEqual(['created_at', 'email', 'emailed_at', 'handled_at', 'id', 'message', 'name', 'telephone']);
    expect(first).toMatchObject({ name: 'Newer', handled_at: null, emailed_at: expect.stringMatching(/Z$/) });
    expect(JSON.stringify(list.body)).not.toContain('127.0.0.1');
    expect((await app.admin.get('/api/enquiries?limit=2&page=1')).body.results.map((r: { id: number }) => r.id)).not.toContain(recent.id);
    for (const query of ['limit=0', 'limit=500', 'page=-1', 'page=x'])
      expect((await app.admin.get(`/api/enquiries?${query}`)).status, query).toBe(422);
  });

  it('shows one, marks it handled and not handled, deletes it', async () => {
    const row = await enquiry(2);
    const one = await app.admin.get(`/api/enquiries/${row.id}`);
    expect(one.body).toMatchObject({ id: row.id, name: row.name, handled_at: null });

    const handled = await app.admin.patch(`/api/enquiries/${row.id}`, { handled: true });
    expect(handled.status).toBe(200);
    expect(handled.body.handled_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    const again = await app.admin.patch(`/api/enquiries/${row.id}`, { handled: true });
    expect(again.body.handled_at).toBe(handled.body.handled_at); // keeps when it was first handled
    expect((await app.admin.patch(`/api/enquiries/${row.id}`, { handled: false })).body.handled_at).toBeNull();

    expect((await app.admin.patch(`/api/enquiries/${row.id}`, { handled: 'yes' })).body.errors).toEqual({
      handled: ['The handled field must be true or false.'],
    });
    expect((await app.admin.patch(`/api/enquiries/${row.id}`, {})).body.errors).toEqual({ handled: ['The handled field is required.'] });

    expect((await app.admin.delete(`/api/enquiries/${row.id}`)).status).toBe(204);
    expect((await app.admin.get(`/api/enquiries/${row.id}`)).status).toBe(404);
    expect((await app.admin.patch(`/api/enquiries/${row.id}`, { handled: true })).status).toBe(404);
    expect((await app.admin.delete(`/api/enquiries/${row.id}`)).status).toBe(404);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users, enquiries (7 days, 30 days, 12 weeks with empty ones), catalogue lines and queued jobs', async () => {
    await app.context.deps.db('contact_messages').delete();
    for (const days of [0, 1, 3, 10, 40, 100]) await enquiry(days);
    await app.context.deps.db('catalogue_items').delete();
    await insertCatalogueItems(app.context.deps.db, 7);
    await app.context.deps.events.record(app.context.deps.db, 'gallery_image.uploaded', { imageId: 999999 });
    await app.context.deps.relay.idle(); // published; no worker runs here, so the job waits

    const response = await app.admin.get('/api/admin/stats');
    expect(response.status).toBe(200);
    const users = Number((await app.context.deps.db('users').count({ n: '*' }).first())!.n);
    expect(response.body).toMatchObject({
      users,
      enquiries: { last7: 3, last30: 4 },
      catalogue: { rows: 7, generated_at: null },
      queues: { waiting: 1, failed: 0 },
    });
    const weeks = response.body.enquiries.perWeek as { week: string; count: number }[];
    expect(weeks).toHaveLength(12);
    for (const [i, w] of weeks.entries()) {
      expect(new Date(`${w.week}T00:00:00Z`).getUTCDay(), w.week).toBe(1); // a Monday
      if (i) expect(Date.parse(w.week) - Date.parse(weeks[i - 1]!.week)).toBe(7 * DAY);
    }
    // The last week is this week (UK time); 100 days ago is outside the chart; quiet weeks are 0.
    const londonToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect(Date.parse(londonToday) - Date.parse(weeks.at(-1)!.week)).toBeLessThan(7 * DAY);
    expect(Date.parse(londonToday)).toBeGreaterThanOrEqual(Date.parse(weeks.at(-1)!.week));
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(5);
    expect(weeks.filter((w) => w.count === 0).length).toBeGreaterThanOrEqual(8);

    await app.context.deps
      .db('catalogue_files')
      .insert({ format: 'pdf', storage_key: 'c/x.pdf', bytes: 10, rows: 7, revision: 1, sha256: 'a'.repeat(64) });
    expect((await app.admin.get('/api/admin/stats')).body.catalogue.generated_at).toMatch(/Z$/);
  });
});
