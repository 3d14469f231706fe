import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin.ts';
import { insertUser } from '../../../test/auth.ts';
import { insertTradeApplication, type TradeStatus } from '../../../test/trade.ts';

/**
 * The admin users list (issue 16 item 6): server-side search over name, email and the company of
 * the latest trade application, filters by role, verification, 2FA and trade status, and paging.
 * Every user here shares a tag in their email, so other files' users cannot change the answers.
 */
const app = useAdminApp({ redis: false });
const tag = `lst${Date.now().toString(36)}`;
const ids: Record<string, number> = {};

async function person(
  key: string,
  options: {
    firstname: string;
    lastname: string;
    role?: 'user' | 'admin';
    verified?: boolean;
    twoFactor?: boolean;
    trade?: [string, TradeStatus][];
  },
) {
  const { user } = await insertUser(app.context.deps, {
    role: options.role ?? 'user',
    verified: options.verified ?? true,
    email: `${key}.${tag}@example.com`,
  });
  await app.context.deps
    .db('users')
    .where({ id: user.id })
    .update({
      firstname: options.firstname,
      lastname: options.lastname,
      two_factor_confirmed_at: options.twoFactor ? new Date() : null,
    });
  for (const [company, status] of options.trade ?? []) {
    const id = await insertTradeApplication(app.context.deps.db, user.id, status);
    await app.context.deps.db('trade_applications').where({ id }).update({ company_name: company });
  }
  ids[key] = user.id;
}

beforeAll(async () => {
  await person('ann', { firstname: 'Ann', lastname: 'Ashdown', role: 'admin', twoFactor: true });
  await person('bob', { firstname: 'Bob', lastname: 'Birch', trade: [['Birch & Sons Landscaping', 'approved']] });
  // Cat's latest application is what counts: an old rejection, then a suspended account.
  await person('cat', {
    firstname: 'Cat',
    lastname: 'Cedar',
    trade: [
      ['Old Cedar Trading', 'rejected'],
      ['Cedar Gardens 100%_Ltd', 'suspended'],
    ],
  });
  await person('dan', { firstname: 'Dan', lastname: 'Damson', verified: false, trade: [['Weald Landscapes', 'pending']] });
  await person('eve', { firstname: 'Eve', lastname: 'Elder', twoFactor: true, trade: [['Elder Hedging', 'revoked']] });
});

/** The tagged users a query finds, by key, in the list's order. */
async function found(query: string): Promise<string[]> {
  const answer = await app.admin.get(`/api/users?q=${tag}${query ? `&${query}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  return answer.body.results.map((row: { id: number }) => byId[row.id]);
}

describe('users list', () => {
  it('lists by last name with company, trade status, 2FA and verification', async () => {
    expect(await found('')).toEqual(['ann', 'bob', 'cat', 'dan', 'eve']);
    const { body } = await app.admin.get(`/api/users?q=${tag}`);
    expect(body.total).toBe(5);
    expect(body.results[2]).toEqual({
      id: ids.cat,
      firstname: 'Cat',
      lastname: 'Cedar',
      email: `cat.${tag}@example.com`,
      role: 'user',
      email_verified: true,
      two_factor: false,
      company_name: 'Cedar Gardens 100%_Ltd',
      trade_status: 'suspended',
    });
    expect(body.results[0]).toMatchObject({ role: 'admin', two_factor: true, company_name: null, trade_status: null });
    expect(body.results[3]).toMatchObject({ email_verified: false, trade_status: 'pending' });
  });

  it('searches name, email and company, every word matching one of them, case-insensitively', async () => {
    expect(await found('')).toHaveLength(5);
    const search = async (q: string) => {
      const answer = await app.admin.get(`/api/users?q=${encodeURIComponent(`${q} ${tag}`)}`);
      return answer.body.results.map((row: { id: number }) => Object.entries(ids).find(([, id]) => id === row.id)?.[0]);
    };
    expect(await search('birch')).toEqual(['bob']);
    expect(await search('LANDSCAP')).toEqual(['bob', 'dan']);
    expect(await search('weald landscapes')).toEqual(['dan']);
    expect(await search('cat cedar')).toEqual(['cat']);
    expect(await search('dan.')).toEqual(['dan']);
    // Only the latest application's company is searched; % and _ are letters, not wildcards.
    expect(await search('Old Cedar')).toEqual([]);
    expect(await search('100%_')).toEqual(['cat']);
    expect(await search('%')).toEqual(['cat']);
    expect(await search('nobody-at-all')).toEqual([]);
  });

  it('filters by role, verified, 2FA and trade status, and combines them with the search', async () => {
    expect(await found('role=admin')).toEqual(['ann']);
    expect(await found('role=user')).toEqual(['bob', 'cat', 'dan', 'eve']);
    expect(await found('verified=no')).toEqual(['dan']);
    expect(await found('verified=yes&two_factor=yes')).toEqual(['ann', 'eve']);
    expect(await found('two_factor=no&role=user')).toEqual(['bob', 'cat', 'dan']);
    expect(await found('trade=approved')).toEqual(['bob']);
    expect(await found('trade=suspended')).toEqual(['cat']);
    expect(await found('trade=revoked')).toEqual(['eve']);
    expect(await found('trade=rejected')).toEqual([]);
    expect(await found('trade=none')).toEqual(['ann']);
    expect(await found('role=&verified=&two_factor=&trade=')).toHaveLength(5);
  });

  it('pages: limit and zero-based page, the total counting every match', async () => {
    const first = await app.admin.get(`/api/users?q=${tag}&limit=2&page=0`);
    const third = await app.admin.get(`/api/users?q=${tag}&limit=2&page=2`);
    expect(first.body.total).toBe(5);
    expect(first.body.results.map((r: { firstname: string }) => r.firstname)).toEqual(['Ann', 'Bob']);
    expect(third.body.results.map((r: { firstname: string }) => r.firstname)).toEqual(['Eve']);
    expect(third.body.total).toBe(5);
  });

  it('answers bad filters with 422 naming the field', async () => {
    const bad = await app.admin.get('/api/users?role=root&verified=maybe&two_factor=1&trade=gold&limit=1000&page=-1');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      role: ['The selected role is invalid.'],
      verified: ['The verified filter must be yes or no.'],
      two_factor: ['The two-factor filter must be yes or no.'],
      trade: ['The selected trade status is invalid.'],
      limit: ['The limit may not be greater than 100.'],
      page: ['The page must be at least 0.'],
    });
    expect((await app.admin.get(`/api/users?q=${'x'.repeat(201)}`)).body.errors).toEqual({
      q: ['The search must not be greater than 200 characters.'],
    });
  });
});
