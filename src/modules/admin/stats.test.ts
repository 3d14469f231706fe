import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin.ts';
import { insertContactMessage } from '../../../test/factories.ts';

const app = useAdminApp();

describe('GET /api/admin/stats', () => {
  it('counts the enquiries still owed to the sales inbox, however old', async () => {
    const db = app.context.deps.db;
    await db('contact_messages').delete();
    const mailed = await insertContactMessage(db);
    await db('contact_messages').where({ id: mailed.id }).update({ emailed_at: new Date() });
    const forgotten = await insertContactMessage(db);
    await db('contact_messages')
      .where({ id: forgotten.id })
      .update({ created_at: new Date('2025-01-01T00:00:00Z') });
    await insertContactMessage(db);

    const response = await app.admin.get('/api/admin/stats');
    expect(response.status).toBe(200);
    expect(response.body.enquiries.unsent).toBe(2);
  });
});

describe('GET /api/admin/stats: quotes', () => {
  it('counts the quote requests still new as open', async () => {
    const db = app.context.deps.db;
    const request = (reference: string, status: string) =>
      db('quote_requests').insert({ reference, name: 'Buyer', email: 'buyer@example.com', delivery_postcode: 'TN27 9AA', status });
    await request('Q-2026-S1', 'new');
    await request('Q-2026-S2', 'new');
    await request('Q-2026-S3', 'quoted');
    await request('Q-2026-S4', 'lost');

    const response = await app.admin.get('/api/admin/stats');
    expect(response.body.quotes).toEqual({ open: 2 });
  });
});
