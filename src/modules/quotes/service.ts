import type { Paged } from '../../../shared/api/paged.ts';
import type { PlantListSnapshot } from '../../../shared/api/plant-lists.ts';
import type {
  AdminQuoteRequestDetail,
  QuoteDefaults,
  QuoteRequestCopy,
  QuoteRequestCreated,
  QuoteRequestDetail,
  QuoteRequestSummary,
  QuoteStatus,
} from '../../../shared/api/quotes.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../errors.ts';
import type { Paging } from '../../validation/paging.ts';
import { PUBLIC_VIEWER } from '../../viewer.ts';
import { catalogueLinesByIds, staffLinesByIds } from '../catalogue/service.ts';
import { addToPlantList, defaultListQuantities, MAX_QUANTITY, readPlantList, takePlantList } from '../plant-lists/service.ts';
import { approvedTradeAccount } from '../trade/service.ts';
import { summariseCopy } from './copy-summary.ts';
import { QuoteRequest, QuoteRequestLineRow } from './model.ts';
import { presentAdminDetail, presentDetail, presentSummary } from './presenter.ts';
import type { QuoteInput } from './schema.ts';

const INVALID_ITEM = 'The selected catalogue item is invalid.';
const EMPTY_LIST = 'Your plant list is empty: add lines before asking for a quote.';

/** A line about to be stored: the catalogue data of this moment and the quantity. */
type NewLine = PlantListSnapshot & { catalogue_item_id: number | null; quantity: number };

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether a new request's confirmation may go to `email`: fewer than `perHour` confirmations went
 * to that address (any capitals) in the last hour. The guest form takes any address, so without
 * this anyone could mail a stranger from our domain again and again. Counted under a lock on the
 * address, so parallel requests cannot all pass.
 */
async function confirmationAllowed(trx: Trx, email: string, perHour: number, now: Date): Promise<boolean> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`quote-confirmation:${email.toLowerCase()}`]);
  const sent = await trx('quote_requests')
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
    .where({ send_confirmation: true })
    .count<{ n: string }[]>({ n: '*' });
  return Number(sent[0]?.n ?? 0) < perHour;
}

/** `Q-2026-000123`: the year it was made and a number from a sequence (never shared, never reused). */
async function nextReference(trx: Trx, now: Date): Promise<string> {
  const { rows } = await trx.raw<{ rows: { n: string }[] }>("SELECT nextval('quote_request_number') AS n");
  return `Q-${now.getUTCFullYear()}-${String(rows[0]!.n).padStart(6, '0')}`;
}

/**
 * The lines to store, snapshotted from the catalogue inside `trx`. Sent lines must name catalogue
 * rows that exist (422 per line otherwise); lines taken from a stored list keep their own snapshot
 * when their row has since been removed, since the buyer was shown that and sent it anyway.
 */
async function snapshotLines(trx: Trx, input: QuoteInput, userId: number | null): Promise<NewLine[]> {
  const given: { catalogue_item_id: number | null; quantity: number; snapshot?: PlantListSnapshot }[] =
    input.lines ?? (userId ? await takePlantList(trx, userId, input.plant_list_id) : []);
  const catalogue = await catalogueLinesByIds(
    trx,
    given.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : [])),
    PUBLIC_VIEWER,
  );
  const errors: Record<string, string[]> = {};
  const lines = given.map((line, index): NewLine | undefined => {
    const current = line.catalogue_item_id ? catalogue.get(line.catalogue_item_id) : undefined;
    const from = current ?? line.snapshot;
    if (!from) {
      errors[`lines.${index}.catalogue_item_id`] = [INVALID_ITEM];
      return undefined;
    }
    // A line retired since it was listed still goes, with its code and description: the buyer
    // saw it marked "no longer available" and sent it, and staff will suggest an alternative.
    const { code, genus, species, common_name, form, height } = from;
    return {
      catalogue_item_id: current ? current.id : null,
      code: code ?? '',
      genus,
      species,
      common_name,
      form,
      height,
      quantity: line.quantity,
    };
  });
  if (Object.keys(errors).length) throw validationError(errors);
  if (!lines.length) throw validationError({ lines: [EMPTY_LIST] });
  return lines as NewLine[];
}

async function lineCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows: { quote_request_id: number; n: string }[] = await db('quote_request_lines')
    .whereIn('quote_request_id', ids)
    .groupBy('quote_request_id')
    .select('quote_request_id', db.raw('count(*) AS n'));
  return new Map(rows.map((row) => [row.quote_request_id, Number(row.n)]));
}

/** One page of requests matching `where`, newest first, with their line counts. */
async function page(db: Db, paging: Paging, where: Partial<Pick<QuoteRequest, 'user_id' | 'status'>>): Promise<Paged<QuoteRequestSummary>> {
  const [results, [count]] = await Promise.all([
    QuoteRequest.query(db)
      .where(where)
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(paging.limit)
      .offset(paging.page * paging.limit),
    db('quote_requests').where(where).count<{ n: string }[]>({ n: '*' }),
  ]);
  const counts = await lineCounts(
    db,
    results.map((r) => r.id),
  );
  return { results: results.map((r) => presentSummary(r, counts.get(r.id) ?? 0)), total: Number(count?.n ?? 0) };
}

const linesOf = (db: Db | Trx, id: number) => QuoteRequestLineRow.query(db).where({ quote_request_id: id }).orderBy('id');

/** A request with its lines, for the mails (undefined once deleted). */
export async function loadQuoteRequest(db: Db, id: number): Promise<{ request: QuoteRequest; lines: QuoteRequestLineRow[] } | undefined> {
  const request = await QuoteRequest.query(db).findById(id);
  return request && { request, lines: await linesOf(db, id) };
}

/**
 * Quote requests: stored first (lines snapshotted from the catalogue of that moment) with the event
 * `quote.requested` in one transaction, then mailed by jobs. Buyers read only their own (another's
 * id is a 404); staff read, filter and set the status of all.
 */
export function quoteService(deps: Pick<Deps, 'db' | 'events' | 'now' | 'config'>) {
  const detail = async (request: QuoteRequest | undefined): Promise<QuoteRequestDetail> => {
    if (!request) throw notFound();
    const lines = await linesOf(deps.db, request.id);
    // Which lines are still in the catalogue: a retired one reads "no longer available".
    const catalogue = await catalogueLinesByIds(
      deps.db,
      lines.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : [])),
      PUBLIC_VIEWER,
    );
    const available = new Set([...catalogue.values()].filter((line) => !line.retired_at).map((line) => line.id));
    return presentDetail(request, lines, available);
  };
  /** Staff's view: each line priced from the catalogue as it is now (admin routes only). */
  const adminDetail = async (request: QuoteRequest | undefined): Promise<AdminQuoteRequestDetail> => {
    if (!request) throw notFound();
    const lines = await linesOf(deps.db, request.id);
    const catalogue = await staffLinesByIds(
      deps.db,
      lines.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : [])),
    );
    return presentAdminDetail(request, lines, catalogue);
  };
  return {
    /** Stores a request (a signed-in buyer's list is emptied in the same transaction when it is what was sent). */
    async request(input: QuoteInput, userId: number | null, ip: string | undefined): Promise<QuoteRequestCreated> {
      return deps.db.transaction(async (trx) => {
        const lines = await snapshotLines(trx, input, userId);
        const now = deps.now();
        const sendConfirmation = await confirmationAllowed(trx, input.email, deps.config.quoteConfirmationsPerHour, now);
        const request = await QuoteRequest.query(trx).insertAndFetch({
          reference: await nextReference(trx, now),
          user_id: userId,
          name: input.name,
          company: input.company,
          email: input.email,
          telephone: input.telephone,
          delivery_postcode: input.delivery_postcode,
          wanted_by: input.wanted_by ?? null,
          notes: input.notes,
          status: 'new',
          ip: ip ?? null,
          send_confirmation: sendConfirmation,
          created_at: now,
        });
        await trx('quote_request_lines').insert(lines.map((line) => ({ ...line, quote_request_id: request.id })));
        await deps.events.record(trx, 'quote.requested', { id: request.id });
        return { id: request.id, reference: request.reference };
      });
    },

    /** What a signed-in buyer's request starts with: their approved trade account's company and postcode. */
    async defaultsFor(userId: number): Promise<QuoteDefaults> {
      const account = await approvedTradeAccount(deps.db, userId);
      return { company: account?.company_name ?? '', delivery_postcode: account?.delivery_postcode ?? '' };
    },

    /** The buyer's own requests, newest first. */
    mine: (userId: number, paging: Paging) => page(deps.db, paging, { user_id: userId }),

    mineOne: async (userId: number, id: number) => detail(await QuoteRequest.query(deps.db).findOne({ id, user_id: userId })),

    /**
     * Puts a past request's lines into the buyer's list and says what it did with each: added,
     * merged into the line already there (quantities added), or left out as no longer available.
     */
    async copy(userId: number, id: number): Promise<QuoteRequestCopy> {
      return deps.db.transaction(async (trx) => {
        const request = await QuoteRequest.query(trx).findOne({ id, user_id: userId });
        if (!request) throw notFound();
        const lines = await linesOf(trx, id);
        const available = await catalogueLinesByIds(
          trx,
          lines.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : [])),
          PUBLIC_VIEWER,
        );
        const onList = await defaultListQuantities(trx, userId);
        // A line retired since the request is no longer available: left out, and said so.
        const inCatalogue = new Set([...available.values()].filter((line) => !line.retired_at).map((line) => line.id));
        const { copied, toAdd } = summariseCopy(lines, onList, inCatalogue, MAX_QUANTITY);
        await addToPlantList(trx, userId, toAdd);
        // The web client reads the list afresh (with prices for a trade buyer) after a copy.
        return { list: await readPlantList(trx, userId, PUBLIC_VIEWER), copied };
      });
    },

    /** The admin inbox: newest first, optionally one status. */
    list: (paging: Paging, status?: QuoteStatus) => page(deps.db, paging, status ? { status } : {}),

    /** One request for staff, priced from today's catalogue. */
    find: async (id: number) => adminDetail(await QuoteRequest.query(deps.db).findById(id)),

    /** Sets the status; `handled_at` keeps the first time it left "new" (and clears if set back to new). */
    async setStatus(id: number, status: QuoteStatus): Promise<AdminQuoteRequestDetail> {
      const [row] = await deps
        .db('quote_requests')
        .where({ id })
        .update({ status, handled_at: status === 'new' ? null : deps.db.raw('coalesce(handled_at, now())'), updated_at: deps.db.fn.now() })
        .returning('id');
      if (!row) throw notFound();
      return adminDetail(await QuoteRequest.query(deps.db).findById(id));
    },

    /** Requests not yet answered (status new), for the dashboard. */
    async openCount(): Promise<number> {
      const row = await deps.db('quote_requests').where({ status: 'new' }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
export type QuoteService = ReturnType<typeof quoteService>;

/** The rule a copy follows (also for orders copied into a list: src/modules/orders/). */
export { summariseCopy } from './copy-summary.ts';
