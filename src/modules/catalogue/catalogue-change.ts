import type { Deps } from '../../deps.ts';
import type { Trx } from '../../db.ts';
import { bumpRevision } from './store.ts';

/**
 * What every edit of the catalogue ends with, in the edit's own transaction (one commit): the
 * revision bumped, and `catalogue.changed` recorded, which queues one debounced render.
 */
export async function recordCatalogueChange(deps: Pick<Deps, 'events'>, trx: Trx, reason: string): Promise<void> {
  await bumpRevision(trx);
  await deps.events.record(trx, 'catalogue.changed', { reason });
}
