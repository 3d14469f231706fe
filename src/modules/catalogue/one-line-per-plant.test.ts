import { describe, expect, it } from 'vitest';
import { sendForm, useAdminApp } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { down, up } from '../../../migrations/20261128000300_catalogue_one_line_per_plant.ts';
import { renderCatalogue } from './render-job.ts';

/**
 * One active line per plant, form and height (issue 18, item 8): a second one is refused with 422
 * on the fields (create, edit, reinstate), a unique index stands behind it, duplicates already
 * stored are retired (never deleted) by the migration, and the site's own downloads import again.
 */
const app = useAdminApp();
const db = () => app.context.deps.db;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FIELDS = ['form', 'genus', 'height', 'species'];

const hornbeam = { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam', form: 'Bare root', height: '60-90' };

async function reimports(name: string, body: Buffer) {
  const file = { name, body, type: XLSX };
  const preview = await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.counts).toMatchObject({ added: 0, changed: 0, retired: 0, reinstated: 0 });
  const confirmed = await sendForm(app.admin, 'POST', '/api/catalogue/import', { token: preview.body.token }, { file });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

describe('one active catalogue line per plant, form and height', () => {
  it('refuses a second line of the same genus, species, form and height (any capitals or spacing) with 422 on those fields', async () => {
    const first = await app.admin.post('/api/catalogue', hornbeam);
    expect(first.status).toBe(201);
    for (const twin of [
      hornbeam,
      { ...hornbeam, genus: 'CARPINUS', species: '  Betulus ', price_pence: 99 },
      { ...hornbeam, species: 'betulus  ' },
    ]) {
      const again = await app.admin.post('/api/catalogue', twin);
      expect(again.status).toBe(422);
      expect(Object.keys(again.body.errors).sort()).toEqual(FIELDS);
      expect(again.body.errors.genus[0]).toContain(first.body.code);
    }
    expect(await db()('catalogue_items').whereILike('genus', 'carpinus').count({ n: '*' }).first()).toEqual({ n: '1' });
    // Another height is another line.
    expect((await app.admin.post('/api/catalogue', { ...hornbeam, height: '90-120' })).status).toBe(201);
  });

  it('refuses an edit or a reinstatement that would make a twin; a retired line may share a description', async () => {
    const beech = { genus: 'Fagus', species: 'sylvatica', form: '2L', height: '40-60' };
    const a = await app.admin.post('/api/catalogue', beech);
    const b = await app.admin.post('/api/catalogue', { ...beech, height: '60-90' });
    const patched = await app.admin.patch(`/api/catalogue/${b.body.id}`, { height: '40-60' });
    expect(patched.status).toBe(422);
    expect(Object.keys(patched.body.errors).sort()).toEqual(FIELDS);
    expect((await app.admin.patch(`/api/catalogue/${a.body.id}`, { common_name: 'Beech', height: '40-60' })).status).toBe(200);

    expect((await app.admin.delete(`/api/catalogue/${a.body.id}`)).status).toBe(204);
    expect((await app.admin.patch(`/api/catalogue/${b.body.id}`, { height: '40-60' })).status).toBe(200);
    const reinstated = await app.admin.post(`/api/catalogue/${a.body.id}/reinstate`);
    expect(reinstated.status).toBe(422);
    expect(reinstated.body.errors.height[0]).toContain(b.body.code);
  });

  it('is held by a unique index of active lines too, whatever writes', async () => {
    await insertCatalogueItems(db(), [{ genus: 'Ilex', species: 'aquifolium', form: '3L', height: '40-60' }]);
    await expect(insertCatalogueItems(db(), [{ genus: 'ilex', species: 'Aquifolium', form: '3L', height: '40-60' }])).rejects.toThrow(
      /catalogue_items_one_active_line/,
    );
  });

  it("lines added through the admin API always re-import from the site's own downloads", async () => {
    for (const line of [hornbeam, { ...hornbeam, genus: 'carpinus' }, { ...hornbeam, form: '2L' }, { ...hornbeam, species: 'Betulus' }]) {
      await app.admin.post('/api/catalogue', line);
    }
    await renderCatalogue(app.context.deps);
    const download = await app.server.client().get('/downloads/catalogue.xlsx');
    expect(download.status).toBe(200);
    await reimports('catalogue.xlsx', download.raw);
    const workbook = await app.admin.get('/api/admin/catalogue/workbook.xlsx');
    await reimports('staff-workbook.xlsx', workbook.raw);
  });
});

describe('the migration', () => {
  it('retires the later duplicates already stored (any capitals), keeps every row and reference, then holds the index', async () => {
    await db()('quote_request_lines').delete();
    await db()('plant_list_lines').delete();
    await db()('catalogue_items').delete();
    await down(db());
    const [kept, sameCase, otherCase, alreadyRetired, other] = await insertCatalogueItems(db(), [
      { genus: 'Malus', species: 'M9', form: 'Bare root', height: 'Rootstock' },
      { genus: 'Malus', species: 'M9', form: 'Bare root', height: 'Rootstock' },
      { genus: 'MALUS', species: 'm9 ', form: 'Bare root', height: 'Rootstock' },
      { genus: 'Malus', species: 'M9', form: 'Bare root', height: 'Rootstock' },
      { genus: 'Malus', species: 'MM106', form: 'Bare root', height: 'Rootstock' },
    ]);
    await db()('catalogue_items')
      .where({ id: alreadyRetired })
      .update({ retired_at: new Date('2026-01-01T00:00:00Z') });
    const buyer = (await db()('users').first('id'))!.id as number;
    await db()('plant_list_lines').insert({ user_id: buyer, catalogue_item_id: otherCase, quantity: 5, snapshot: JSON.stringify({}) });

    await up(db());

    const rows = await db()('catalogue_items').orderBy('id').select('id', 'retired_at');
    expect(rows.map((r) => r.id)).toEqual([kept, sameCase, otherCase, alreadyRetired, other]);
    const active = rows.filter((r) => !r.retired_at).map((r) => r.id);
    expect(active).toEqual([kept, other]);
    expect(new Date(rows[3]!.retired_at).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(await db()('plant_list_lines').where({ catalogue_item_id: otherCase }).count({ n: '*' }).first()).toEqual({ n: '1' });
    await expect(insertCatalogueItems(db(), [{ genus: 'Malus', species: 'm9', form: 'Bare root', height: 'Rootstock' }])).rejects.toThrow(
      /catalogue_items_one_active_line/,
    );
  });
});
