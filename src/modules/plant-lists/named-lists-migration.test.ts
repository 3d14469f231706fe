import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { databaseUrl, onServer } from '../../../test/database.ts';
import { migrationConfig } from '../../db.ts';

/**
 * The upgrade to named plant lists (migrations/20261129020001_named_plant_lists.ts): every buyer's
 * lines move into one list named "My plant list", none lost; a buyer without lines gets no list;
 * and a line inserted the old way (a buyer, no list) still lands on the buyer's default list.
 */
const MIGRATION = '20261129020001_named_plant_lists.ts';
const name = `nursery_t_listmig_${randomBytes(4).toString('hex')}`;
let db: Knex;

beforeAll(async () => {
  await onServer((server) => server.raw(`CREATE DATABASE "${name}"`));
  db = knexFactory({ client: 'pg', connection: databaseUrl(name), pool: { min: 0, max: 2 } });
  for (;;) {
    const [, pending] = (await db.migrate.list(migrationConfig)) as [unknown, unknown[]];
    if (!pending.length) throw new Error(`${MIGRATION} was not found pending`);
    if (pending[0] === MIGRATION) break;
    await db.migrate.up(migrationConfig);
  }
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await onServer((server) => server.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

const user = async (email: string) =>
  Number((await db('users').insert({ firstname: 'A', lastname: 'B', email, password_hash: 'x' }).returning('id'))[0].id);

describe('the named plant lists migration', () => {
  it('moves every line into "My plant list" per buyer, then files old-style inserts under the default list', async () => {
    const [a, b, c] = await insertCatalogueItems(db, 3);
    const one = await user('one@example.com');
    const two = await user('two@example.com');
    const none = await user('none@example.com');
    const line = (userId: number, item: number, quantity: number) =>
      db('plant_list_lines').insert({ user_id: userId, catalogue_item_id: item, quantity, snapshot: JSON.stringify({ genus: 'G' }) });
    await line(one, a!, 5);
    await line(one, b!, 6);
    await line(two, a!, 7);

    await db.migrate.up(migrationConfig);

    const lists = await db('plant_lists').orderBy('user_id').select('id', 'user_id', 'name');
    expect(lists.map((l) => [l.user_id, l.name])).toEqual([
      [one, 'My plant list'],
      [two, 'My plant list'],
    ]);
    const lines = await db('plant_list_lines').orderBy('id').select('user_id', 'plant_list_id', 'catalogue_item_id', 'quantity');
    expect(lines).toEqual([
      { user_id: one, plant_list_id: lists[0].id, catalogue_item_id: a, quantity: 5 },
      { user_id: one, plant_list_id: lists[0].id, catalogue_item_id: b, quantity: 6 },
      { user_id: two, plant_list_id: lists[1].id, catalogue_item_id: a, quantity: 7 },
    ]);

    // The old way: a buyer and no list. With none, "My plant list" is made; with several, the most recent one.
    await line(none, c!, 1);
    const made = await db('plant_lists').where({ user_id: none }).select('id', 'name');
    expect(made).toEqual([{ id: expect.any(Number), name: 'My plant list' }]);
    const [project] = await db('plant_lists').insert({ user_id: one, name: 'Project B' }).returning('id');
    await line(one, c!, 2);
    expect(await db('plant_list_lines').where({ user_id: one, catalogue_item_id: c }).first('plant_list_id')).toEqual({
      plant_list_id: project.id,
    });
    // A line can never sit on another buyer's list.
    await expect(
      db('plant_list_lines').insert({ user_id: two, plant_list_id: project.id, catalogue_item_id: b, quantity: 1, snapshot: '{}' }),
    ).rejects.toThrow(/foreign key/);
    // Names are unique per buyer in any capitals.
    await expect(db('plant_lists').insert({ user_id: one, name: 'project b' })).rejects.toThrow(/plant_lists_user_name/);

    await db.migrate.down(migrationConfig); // and back: one list per buyer, quantities of a row summed
    expect(await db.schema.hasTable('plant_lists')).toBe(false);
    expect(await db('plant_list_lines').where({ user_id: one }).orderBy('id').select('catalogue_item_id', 'quantity')).toEqual([
      { catalogue_item_id: a, quantity: 5 },
      { catalogue_item_id: b, quantity: 6 },
      { catalogue_item_id: c, quantity: 2 },
    ]);
  });
});
