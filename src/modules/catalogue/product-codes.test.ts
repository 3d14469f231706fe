import { describe, expect, it } from 'vitest';
import { sendForm, useAdminApp } from '../../../test/admin.ts';
import { insertCatalogueItems } from '../../../seeds/factories.ts';
import { down as dropCodes, up as addCodes } from '../../../migrations/20261127000001_product_codes.ts';

/** Product codes (issue 16): generated once, by the database, unique, editable by staff, never reused. */
const app = useAdminApp();
const db = () => app.context.deps.db;
const codeOf = async (id: number) => ((await db()('catalogue_items').where({ id }).first('code')) as { code: string }).code;

describe('generated product codes', () => {
  it('reads genus, species (past a hybrid x), form and height, with -2, -3… for lines alike', async () => {
    const ids = await insertCatalogueItems(db(), [
      { genus: 'Acer', species: 'campestre', form: 'Bare root', height: '60-90' },
      { genus: 'Acer', species: "campestre 'Elsrijk'", form: 'Bare root', height: '60-90' },
      { genus: 'Acer', species: "campestre 'Streetwise'", form: 'Bare root', height: '60-90' },
      { genus: 'Malus', species: 'MM106', form: 'Bare root', height: 'Rootstock' },
      { genus: 'Cupressocyparis', species: 'x leylandii', form: '7.5L', height: '120-150' },
      { genus: 'Buxus', species: 'sempervirens', form: '9cm', height: '10-20' },
    ]);
    expect(await Promise.all(ids.map(codeOf))).toEqual([
      'ACECAM-BR-6090',
      'ACECAM-BR-6090-2',
      'ACECAM-BR-6090-3',
      'MALMM-BR-RS',
      'CUPLEY-75L-120150',
      'BUXSEM-9CM-1020',
    ]);
  });

  it('never hands out a code a line once had, even after that line moved on to another', async () => {
    const [first] = await insertCatalogueItems(db(), [{ genus: 'Sorbus', species: 'aria', form: '3L', height: '90-120' }]);
    expect(await codeOf(first!)).toBe('SORARI-3L-90120');
    expect((await app.admin.patch(`/api/catalogue/${first}`, { code: 'whitebeam-1' })).body.code).toBe('WHITEBEAM-1');
    // Retired, so a line of the same plant, form and height may be added again.
    expect((await app.admin.delete(`/api/catalogue/${first}`)).status).toBe(204);
    const [second] = await insertCatalogueItems(db(), [{ genus: 'Sorbus', species: 'aria', form: '3L', height: '90-120' }]);
    expect(await codeOf(second!)).toBe('SORARI-3L-90120-2');
  });

  it('fills the codes of existing lines when the migration runs, oldest line first', async () => {
    await dropCodes(db());
    try {
      const ids = (await db()('catalogue_items')
        .insert([
          { genus: 'Taxus', species: 'baccata', common_name: 'Yew', form: '2L', height: '20-40' },
          { genus: 'Taxus', species: "baccata 'Fastigiata'", common_name: 'Irish yew', form: '2L', height: '20-40' },
        ])
        .returning('id')) as { id: number }[];
      const rows = await db()('catalogue_items').select('id');
      await addCodes(db());
      const codes = await db()('catalogue_items').orderBy('id').select('id', 'code');
      expect(codes).toHaveLength(rows.length);
      expect(new Set(codes.map((c) => c.code)).size).toBe(rows.length);
      for (const { code } of codes) expect(code).toMatch(/^[A-Z0-9]+(-[A-Z0-9]+)*$/);
      expect(await Promise.all(ids.map(({ id }) => codeOf(id)))).toEqual(['TAXBAC-2L-2040', 'TAXBAC-2L-2040-2']);
      // Each backfilled code is in the history, so it is never reused.
      expect(Number((await db()('catalogue_codes').count({ n: '*' }).first())!.n)).toBe(rows.length);
    } finally {
      // Whatever happened above, the file's later tests need the migrated schema.
      const migrated = await db().schema.hasTable('catalogue_codes');
      if (!migrated) await addCodes(db());
    }
  });
});

describe('staff editing codes', () => {
  it('creates a line with a code of its own or the generated one, and PATCHes it', async () => {
    const own = await app.admin.post('/api/catalogue', {
      code: ' ilex-hol-1 ',
      genus: 'Ilex',
      species: 'aquifolium',
      form: '2L',
      height: '40-60',
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.code).toBe('ILEX-HOL-1');
    const generated = await app.admin.post('/api/catalogue', { genus: 'Ilex', species: 'aquifolium', form: '2L', height: '20-40' });
    expect(generated.body.code).toBe('ILEAQU-2L-2040');
    const patched = await app.admin.patch(`/api/catalogue/${generated.body.id}`, { code: 'ILEX-HOL-2' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: generated.body.id, code: 'ILEX-HOL-2' });
    // Its old code stays its own: it may go back to it.
    expect((await app.admin.patch(`/api/catalogue/${generated.body.id}`, { code: 'ILEAQU-2L-2040' })).status).toBe(200);
  });

  it('refuses a code another line has or had, naming that line, and a code of the wrong shape', async () => {
    const holder = (
      await app.admin.post('/api/catalogue', {
        code: 'PRULAU-3L-4060',
        genus: 'Prunus',
        species: 'laurocerasus',
        form: '3L',
        height: '40-60',
      })
    ).body;
    const other = (await app.admin.post('/api/catalogue', { genus: 'Prunus', species: 'lusitanica', form: '3L', height: '40-60' })).body;
    const taken = await app.admin.patch(`/api/catalogue/${other.id}`, { code: 'prulau-3l-4060' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ code: ['This product code is already used by Prunus laurocerasus, 3L, 40-60 (PRULAU-3L-4060).'] });

    // The holder moves on to another code: its old one is still not free for anyone else.
    expect((await app.admin.patch(`/api/catalogue/${holder.id}`, { code: 'LAUREL-1' })).status).toBe(200);
    const former = await app.admin.post('/api/catalogue', {
      code: 'PRULAU-3L-4060',
      genus: 'Prunus',
      species: 'lusitanica',
      form: '2L',
      height: '40-60',
    });
    expect(former.status).toBe(422);
    expect(former.body.errors).toEqual({ code: ['This product code is already used by Prunus laurocerasus, 3L, 40-60 (LAUREL-1).'] });

    for (const code of ['ACE CAM', 'ACE--CAM', '-ACE', 'É1', 'A'.repeat(33)]) {
      const bad = await app.admin.patch(`/api/catalogue/${other.id}`, { code });
      expect(bad.status, code).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['code']);
    }
    expect(await codeOf(other.id)).toBe(other.code);
  });

  it('refuses, per row in the import preview, a code another line had, and a code given twice', async () => {
    const line = (
      await app.admin.post('/api/catalogue', { code: 'OLD-CODE-1', genus: 'Viburnum', species: 'opulus', form: '3L', height: '40-60' })
    ).body;
    await app.admin.patch(`/api/catalogue/${line.id}`, { code: 'NEW-CODE-1' });
    const csv = [
      'Code,Genus,Species,Form,Height',
      'OLD-CODE-1,Viburnum,tinus,3L,40-60',
      'FRESH-1,Rosa,canina,3L,40-60',
      'FRESH-1,Rosa,rugosa,3L,40-60',
    ].join('\n');
    const file = { name: 'codes.csv', body: Buffer.from(csv), type: 'text/csv' };
    const previewed = await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file });
    expect(previewed.status).toBe(422);
    expect(previewed.body.errors.rows).toEqual(['Row 4: the same product code as row 3.']);
    const single = { ...file, body: Buffer.from(csv.split('\n').slice(0, 3).join('\n')) };
    const refused = await sendForm(app.admin, 'POST', '/api/catalogue/import/preview', {}, { file: single });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.rows).toEqual(['Row 2: This product code is already used by Viburnum opulus, 3L, 40-60 (NEW-CODE-1).']);
  });
});

describe('retired lines', () => {
  it('are hidden from the catalogue, listed for staff, and reinstated with their id and code', async () => {
    const created = (await app.admin.post('/api/catalogue', { genus: 'Zelkova', species: 'serrata', form: '10L', height: '175-200' })).body;
    expect((await app.admin.delete(`/api/catalogue/${created.id}`)).status).toBe(204);
    expect(await db()('catalogue_items').where({ id: created.id }).first()).toBeTruthy(); // retired, not deleted
    expect((await app.admin.delete(`/api/catalogue/${created.id}`)).status).toBe(404);
    expect((await app.server.client().get('/api/catalogue?q=zelkova&match=exact')).body.total).toBe(0);
    expect((await app.server.client().get('/api/catalogue/genera')).body.data.map((g: { name: string }) => g.name)).not.toContain(
      'Zelkova',
    );

    const retired = await app.admin.get('/api/catalogue/retired?q=zelkova');
    expect(retired.status).toBe(200);
    expect(retired.body).toEqual({
      results: [expect.objectContaining({ id: created.id, code: created.code, retired_at: expect.any(String) })],
      total: 1,
    });
    expect((await app.server.client().get('/api/catalogue/retired')).status).toBe(401);

    const back = await app.admin.post(`/api/catalogue/${created.id}/reinstate`, {});
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: created.id, code: created.code });
    expect(back.body.retired_at).toBeUndefined();
    expect((await app.server.client().get('/api/catalogue?q=zelkova&match=exact')).body.results).toEqual([
      expect.objectContaining({ id: created.id, code: created.code }),
    ]);
    expect((await app.admin.post(`/api/catalogue/${created.id}/reinstate`, {})).status).toBe(404);
  });
});
