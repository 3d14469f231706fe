import type { Knex } from 'knex';
import type { Deps } from '../../deps.ts';
import { isRenditionFolder, MAX_RENDER_ATTEMPTS, PROCESSING_FAILED_MESSAGE, RENDER_DEADLINE_MS } from './model.ts';

/** Images the sweep handles per run; the rest follow on the next run. */
const BATCH = 100;

interface StuckRow {
  id: number;
  rotation: number;
  render_attempts: number;
  rendering_folder: string | null;
}

/**
 * Recovery of gallery images stuck in `processing`. A rendition job whose worker was killed (BullMQ
 * drops a job that stalls twice; the in-process driver loses it with the process) would leave the
 * row processing for ever. A running job keeps pushing the row's deadline on; past it, the sweep
 * removes the killed job's partial folder (temp files included) and queues the image again, or,
 * once the last allowed job has started and died, marks it failed so the admin can retry it.
 * Works the same with BullMQ and the in-process driver: it only reads rows and records events.
 */
export function imageRecovery(deps: Pick<Deps, 'db' | 'storage' | 'events' | 'log' | 'now'>) {
  return {
    /** One sweep over stuck images; returns the ids queued again and the ids marked failed. */
    async recoverStuck(): Promise<{ requeued: number[]; failed: number[] }> {
      const now = deps.now();
      const requeued: number[] = [];
      const failed: number[] = [];
      // Rows from before deadlines were recorded count from their last change.
      const overdue = (q: Knex.QueryBuilder) =>
        q
          .where('processing_deadline', '<', now)
          .orWhere((old) => old.whereNull('processing_deadline').where('updated_at', '<', new Date(now.getTime() - RENDER_DEADLINE_MS)));
      const candidates: { id: number }[] = await deps
        .db('gallery_images')
        .where({ status: 'processing' })
        .where(overdue)
        .orderBy('id')
        .limit(BATCH)
        .select('id');

      for (const { id } of candidates) {
        // Claimed in a transaction that moves the deadline on, so a second process sweeping at the same time skips it.
        const claimed = await deps.db.transaction(async (trx) => {
          const row: StuckRow | undefined = await trx('gallery_images')
            .where({ id, status: 'processing' })
            .where(overdue)
            .forUpdate()
            .skipLocked()
            .first('id', 'rotation', 'render_attempts', 'rendering_folder');
          if (!row) return undefined;
          const giveUp = row.render_attempts >= MAX_RENDER_ATTEMPTS;
          await trx('gallery_images')
            .where({ id })
            .update(
              giveUp
                ? {
                    status: 'failed',
                    error: PROCESSING_FAILED_MESSAGE,
                    processing_deadline: null,
                    rendering_folder: null,
                    updated_at: trx.fn.now(),
                  }
                : { processing_deadline: new Date(now.getTime() + RENDER_DEADLINE_MS), rendering_folder: null },
            );
          return { row, giveUp };
        });
        if (!claimed) continue;
        const { row, giveUp } = claimed;
        // The killed job's partial renditions and half-written temp files all live in its folder.
        // (A job still alive after the deadline sees its folder unclaimed and discards its result.)
        if (row.rendering_folder && isRenditionFolder(row.rendering_folder)) {
          await deps.storage
            .deletePrefix(row.rendering_folder)
            .catch((err: unknown) => deps.log.warn({ err, id }, 'could not remove partial renditions'));
        }
        if (giveUp) {
          deps.log.warn({ imageId: id, attempts: row.render_attempts }, 'image stuck processing; marked failed');
          failed.push(id);
          continue;
        }
        // A job still waiting for this image absorbs the new one (same dedupe key).
        await deps.events.record(deps.db, 'gallery_image.stalled', { imageId: id });
        deps.log.warn({ imageId: id, attempts: row.render_attempts }, 'image stuck processing; queued again');
        requeued.push(id);
      }
      return { requeued, failed };
    },
  };
}
