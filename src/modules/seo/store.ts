import type { Knex } from 'knex';

/**
 * When the widgets and banner galleries the public pages show last changed. A read of other
 * modules' tables, kept to these two timestamps: the sitemap needs nothing else of them, and
 * neither service has a reason to expose it.
 */
export interface ContentChanges {
  /** Newest `updated_at` per widget, keyed by lower-case name (widget names are unique case-insensitively). */
  widgets: Map<string, Date>;
  /** Newest `updated_at` of a gallery or any of its shown (ready) images, by gallery id. */
  galleries: Map<number, Date>;
}

export async function contentChanges(db: Knex, widgetNames: readonly string[], galleryIds: readonly number[]): Promise<ContentChanges> {
  const keys = [...new Set(widgetNames.map((name) => name.toLowerCase()))];
  const [widgets, galleries] = await Promise.all([
    keys.length
      ? (db('widgets').select(db.raw('lower(name) AS key'), 'updated_at').whereRaw('lower(name) = ANY(?::text[])', [keys]) as Promise<
          { key: string; updated_at: Date }[]
        >)
      : [],
    galleryIds.length
      ? (db('galleries as g')
          .leftJoin('gallery_images as i', (join) => join.on('i.gallery_id', 'g.id').andOnVal('i.status', 'ready'))
          .select('g.id', db.raw('greatest(g.updated_at, max(i.updated_at)) AS updated_at'))
          .whereIn('g.id', galleryIds)
          .groupBy('g.id') as Promise<{ id: number; updated_at: Date }[]>)
      : [],
  ]);
  return {
    widgets: new Map(widgets.map((w) => [w.key, new Date(w.updated_at)])),
    galleries: new Map(galleries.map((g) => [Number(g.id), new Date(g.updated_at)])),
  };
}
