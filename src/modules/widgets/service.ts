import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import { cleanImage } from '../../images/clean.ts';
import { checkImageFile } from '../../images/upload-check.ts';
import { deleteRenditionFiles } from '../../images/renditions.ts';
import { Widget, type WidgetRenditions } from './model.ts';
import type { WidgetData as PublicWidget } from '../../../shared/api/widgets.ts';
import { presentWidget } from './presenter.ts';
import { sanitizeWidgetHtml } from './sanitize.ts';
import type { UpdateWidgetInput } from './schema.ts';

/**
 * Widgets: content blocks fetched by name for display. Public reads are cached in memory, because
 * every page view asks for two or three of them, keyed by the content revision (bumped by a trigger
 * on every widget write, whichever process made it): an edit through any web process shows on the
 * very next request to every one.
 */
export function widgetService(deps: Pick<Deps, 'db' | 'storage' | 'events' | 'log' | 'contentRevision'>) {
  // Holds the serialised body too; entries of an older revision are replaced as they are asked for.
  const cache = new Map<string, { value: PublicWidget; json: string; revision: number }>();

  const nameTaken = () => validationError({ name: ['The name has already been taken.'] });
  async function assertNameFree(name: string, exceptId?: number): Promise<void> {
    const query = Widget.query(deps.db).whereRaw('lower(name) = ?', [name.toLowerCase()]);
    if (exceptId) query.whereNot('id', exceptId);
    if (await query.first()) throw nameTaken();
  }

  return {
    /** By numeric id or case-insensitive name; unknown → 404 and nothing is created. */
    async findPublic(idOrName: string): Promise<PublicWidget> {
      return (await this.findPublicJson(idOrName)).value;
    },

    /**
     * As findPublic, plus the body already serialised (what the public route sends). `revision`:
     * the content revision the caller has just read (the server render reads it once per page, for
     * its page cache key), else it is read here. Either way it was read after the request arrived,
     * so the widget cached at that revision is as new as one read now.
     */
    async findPublicJson(idOrName: string, options: { revision?: number } = {}): Promise<{ value: PublicWidget; json: string }> {
      const key = idOrName.toLowerCase();
      const revision = options.revision ?? (await deps.contentRevision.current());
      const hit = cache.get(key);
      if (hit && hit.revision === revision) return hit;
      const query = Widget.query(deps.db);
      const widget = /^\d{1,9}$/.test(idOrName)
        ? await query.findById(Number(idOrName))
        : await query.whereRaw('lower(name) = ?', [key]).first();
      if (!widget) throw notFound();
      const value = presentWidget(widget, deps.storage);
      const entry = { value, json: JSON.stringify(value), revision };
      cache.set(key, entry);
      return entry;
    },

    /** Admin list: every widget by name. */
    async list(): Promise<{ id: number; name: string; type: Widget['type'] }[]> {
      const rows = await Widget.query(deps.db).select('id', 'name', 'type').orderByRaw('lower(name), id');
      return rows.map((w) => ({ id: w.id, name: w.name, type: w.type }));
    },

    /** A new, empty TEXT widget; the name is unique case-insensitively. */
    async create(name: string): Promise<{ id: number }> {
      await assertNameFree(name);
      try {
        const widget = await Widget.query(deps.db).insertAndFetch({ name, type: 'TEXT', html: '' });
        return { id: widget.id };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    /**
     * Saves the edit form. HTML is sanitised to the allow-list. An IMAGE widget keeps its image
     * unless a new file comes (checked by content and pixel limit, stored as
     * `widgets/{id}-{random}.{ext}`); switching to TEXT drops the image. A replaced or dropped
     * file and its renditions are deleted only after the row is committed, so the site never
     * points at a missing file; if the save fails, the new file is deleted instead. A new picture
     * is served as uploaded until its renditions job has built the responsive files.
     */
    async update(id: number, input: UpdateWidgetInput, upload?: { path: string }): Promise<PublicWidget> {
      const existing = await Widget.query(deps.db).findById(id);
      if (!existing) throw notFound();
      await assertNameFree(input.name, id);
      const image = input.type === 'IMAGE' && upload ? await checkImageFile(upload.path, 'image', { decode: true }) : undefined;
      if (input.type === 'IMAGE' && !image && !existing.image_path) throw validationError({ image: ['The image field is required.'] });

      const newKey = image ? `widgets/${id}-${randomBytes(6).toString('hex')}.${image.ext}` : undefined;
      // Stored without the camera's metadata (GPS, owner…): widget images are served as stored.
      if (newKey) await deps.storage.put(newKey, await cleanImage(upload!.path, image!.ext));
      let saved: { widget: Widget; oldKey: string | null; oldRenditions: WidgetRenditions | null };
      try {
        saved = await deps.db.transaction(async (trx) => {
          const current = await Widget.query(trx).findById(id).forUpdate();
          if (!current) throw notFound();
          const patch: Partial<Widget> = { name: input.name, type: input.type, updated_at: new Date() };
          if (input.html !== undefined) patch.html = sanitizeWidgetHtml(input.html);
          if (input.alt !== undefined) patch.alt = input.alt;
          let oldKey: string | null = null;
          let oldRenditions: WidgetRenditions | null = null;
          if (newKey && image) {
            Object.assign(patch, { image_path: newKey, image_width: image.width, image_height: image.height, renditions: null });
            oldKey = current.image_path;
            oldRenditions = current.renditions;
          } else if (input.type === 'TEXT' && (current.image_path || current.renditions)) {
            Object.assign(patch, { image_path: null, image_width: null, image_height: null, renditions: null });
            oldKey = current.image_path;
            oldRenditions = current.renditions;
          }
          // Recorded with the new picture: its renditions job comes with the commit or not at all.
          if (newKey) await deps.events.record(trx, 'widget.picture_changed', { widgetId: id });
          return { widget: await Widget.query(trx).patchAndFetchById(id, patch), oldKey, oldRenditions };
        });
      } catch (error) {
        if (newKey) await deps.storage.delete(newKey);
        throw isUniqueViolation(error) ? nameTaken() : error;
      }
      if (saved.oldKey && saved.oldKey !== newKey) await deps.storage.delete(saved.oldKey);
      await deleteRenditionFiles(deps.storage, saved.oldRenditions);
      return presentWidget(saved.widget, deps.storage);
    },

    /** Deletes a widget and, after the commit, its image file and renditions. */
    async remove(id: number): Promise<void> {
      const widget = await deps.db.transaction(async (trx) => {
        const current = await Widget.query(trx).findById(id).forUpdate();
        if (!current) throw notFound();
        await Widget.query(trx).deleteById(id);
        return current;
      });
      if (widget.image_path) await deps.storage.delete(widget.image_path);
      await deleteRenditionFiles(deps.storage, widget.renditions);
    },
  };
}
export type WidgetService = ReturnType<typeof widgetService>;
