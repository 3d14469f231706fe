import type { AdminQuotation, Quotation, QuotationSummary } from '../../../shared/api/quotations.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound, validationError } from '../../errors.ts';
import { staffLineByCode, staffLinesByIds, staffLinesOfPlants } from '../catalogue/service.ts';
import { addDays, dateOnly, ukDay } from '../../../shared/uk-day.ts';
import { draftLines, lineFromCatalogue, type DraftLine, type RequestedLine } from './draft-lines.ts';
import { verifyQuotationToken } from './link.ts';
import { QuotationLineRow, QuotationRow } from './model.ts';
import { presentAdminQuotation, presentQuotation, presentSummary } from './presenter.ts';
import type { DraftInput } from './schema.ts';
import { quotationTotals } from '../../../shared/quotation-totals.ts';

export { quotationLink, quotationToken } from './link.ts';
/** For the orders module: whether a guest's link token is this quotation's (answering it, reading its order). */
export { quotationTokenMatches } from './link.ts';

/** The standard rate of VAT in basis points (20 %). */
const STANDARD_VAT_BP = 2000;

/** How long a quotation holds unless staff say otherwise. */
const DEFAULT_VALID_DAYS = 30;

const conflict = (message: string) => new HttpError(409, message);
const notDraft = () => conflict('Only a draft quotation can be changed or sent.');
const accepted = () => conflict('A quotation for this request was accepted: it can no longer be requoted.');

/** What a quotation needs of its request. */
export interface RequestOfQuotation {
  id: number;
  reference: string;
  user_id: number | null;
  name: string;
  company: string;
  email: string;
  delivery_postcode: string;
}

const REQUEST_COLUMNS = ['id', 'reference', 'user_id', 'name', 'company', 'email', 'delivery_postcode'] as const;

/** The request, locked in `trx` when asked (sending and opening a draft take turns per request). */
async function requestRow(db: Db | Trx, id: number, lock = false): Promise<RequestOfQuotation | undefined> {
  const query = db('quote_requests')
    .where({ id })
    .first(...REQUEST_COLUMNS);
  return (await (lock ? query.forUpdate() : query)) as RequestOfQuotation | undefined;
}

const linesOf = (db: Db | Trx, quotationId: number) =>
  QuotationLineRow.query(db)
    .where({ quotation_id: quotationId })
    .orderBy([{ column: 'position' }, { column: 'id' }]);

/** A quotation with its lines and request, for the PDF job and the mail; undefined once deleted. */
export async function loadQuotation(
  db: Db,
  id: number,
): Promise<{ quotation: QuotationRow; lines: QuotationLineRow[]; request: RequestOfQuotation } | undefined> {
  const quotation = await QuotationRow.query(db).findById(id);
  const request = quotation && (await requestRow(db, quotation.quote_request_id));
  return quotation && request ? { quotation, lines: await linesOf(db, id), request } : undefined;
}

async function insertLines(trx: Trx, quotationId: number, lines: readonly DraftLine[], from = 1) {
  if (lines.length)
    await trx('quotation_lines').insert(lines.map((line, i) => ({ ...line, quotation_id: quotationId, position: from + i })));
}

/** A quotation's stored PDF: where, its download name (`Q-2026-000123-v2.pdf`), its size and age. */
export interface StoredPdf {
  key: string;
  filename: string;
  bytes: number;
  modified: Date;
}

function storedPdf(quotation: QuotationRow): StoredPdf {
  if (!quotation.pdf_key) throw notFound();
  return {
    key: quotation.pdf_key,
    filename: `${quotation.reference.replace('/', '-v')}.pdf`,
    bytes: Number(quotation.pdf_bytes),
    modified: new Date(quotation.sent_at ?? quotation.updated_at),
  };
}

/** Validation of a draft before it is sent: each problem under its field. */
function sendProblems(quotation: QuotationRow, lines: readonly QuotationLineRow[], today: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!lines.length) errors.lines = ['A quotation needs at least 1 line.'];
  lines.forEach((line, i) => {
    if (line.unit_price_pence === null)
      errors[`lines.${i}.unit_price_pence`] = [`Line ${i + 1} (${line.code || line.genus}) has no price.`];
  });
  const validUntil = dateOnly(quotation.valid_until);
  if (!validUntil) errors.valid_until = ['The valid until field is required.'];
  else if (validUntil <= today) errors.valid_until = ['The valid until date must be in the future.'];
  return errors;
}

/**
 * Priced quotations (issue 19): staff open a draft from a quote request, priced from the catalogue
 * with substitutes offered for lines that cannot be supplied; edit and send it. Sending fixes the
 * totals, supersedes the version sent before and records `quotation.sent` in the same transaction;
 * the PDF and the buyer's mail follow from it in the worker. The buyer reads sent versions only:
 * their own when signed in, or through the signed link of the mail.
 */
export function quotationService(deps: Pick<Deps, 'db' | 'events' | 'now' | 'config'>) {
  const today = () => ukDay(deps.now());

  async function adminView(db: Db | Trx, quotation: QuotationRow): Promise<AdminQuotation> {
    const lines = await linesOf(db, quotation.id);
    const ids = lines.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : []));
    return presentAdminQuotation(quotation, lines, await staffLinesByIds(deps.db, ids));
  }

  /** A quotation of this request (404 for another request's, or none), locked when asked. */
  async function quotationOf(db: Db | Trx, requestId: number, id: number, lock = false): Promise<QuotationRow> {
    const query = QuotationRow.query(db).findOne({ id, quote_request_id: requestId });
    const quotation = await (lock ? query.forUpdate() : query);
    if (!quotation) throw notFound();
    return quotation;
  }

  /** A new draft, version last + 1, with `lines` (called with the request locked). */
  async function newDraft(trx: Trx, request: RequestOfQuotation, staffId: number, fields: Partial<QuotationRow>, lines: DraftLine[]) {
    const last = await trx('quotations').where({ quote_request_id: request.id }).max<{ max: number | null }>('version as max').first();
    const version = (last?.max ?? 0) + 1;
    const quotation = await QuotationRow.query(trx).insertAndFetch({
      quote_request_id: request.id,
      version,
      reference: `${request.reference}/${version}`,
      status: 'draft',
      vat_rate_bp: STANDARD_VAT_BP,
      valid_until: addDays(today(), DEFAULT_VALID_DAYS),
      created_by: staffId,
      ...fields,
    });
    await insertLines(trx, quotation.id, lines);
    return quotation;
  }

  const refuseIfAccepted = async (trx: Trx, requestId: number) => {
    const done = await trx('quotations').where({ quote_request_id: requestId, status: 'accepted' }).first('id');
    if (done) throw accepted();
  };

  /** The owner's (signed in) or the token holder's sent quotation; a draft or anyone else: 404. */
  async function readable(
    id: number,
    userId: number | null,
    token: unknown,
  ): Promise<{ quotation: QuotationRow; request: RequestOfQuotation; viaToken: boolean }> {
    const quotation = await QuotationRow.query(deps.db).findById(id);
    if (!quotation || quotation.status === 'draft') throw notFound();
    const request = await requestRow(deps.db, quotation.quote_request_id);
    if (!request) throw notFound();
    if (userId !== null && request.user_id === userId) return { quotation, request, viaToken: false };
    const validUntil = dateOnly(quotation.valid_until);
    if (token !== undefined && validUntil && verifyQuotationToken(deps.config, { id, valid_until: validUntil }, token, today()))
      return { quotation, request, viaToken: true };
    throw notFound();
  }

  const buyerView = async (quotation: QuotationRow, request: RequestOfQuotation, token?: string): Promise<Quotation> =>
    presentQuotation(
      quotation,
      await linesOf(deps.db, quotation.id),
      `/api/quotations/${quotation.id}/pdf${token ? `?token=${encodeURIComponent(token)}` : ''}`,
      request.delivery_postcode,
    );

  return {
    /**
     * "Prepare quotation": the request's open draft, or a new one (version last + 1) priced from
     * the catalogue today. `created` says which. 404 without the request; 409 once one was accepted.
     */
    async openDraft(requestId: number, staffId: number): Promise<{ quotation: AdminQuotation; created: boolean }> {
      return deps.db.transaction(async (trx) => {
        const request = await requestRow(trx, requestId, true);
        if (!request) throw notFound();
        const open = await QuotationRow.query(trx).findOne({ quote_request_id: requestId, status: 'draft' });
        if (open) return { quotation: await adminView(trx, open), created: false };
        await refuseIfAccepted(trx, requestId);
        const requested: RequestedLine[] = await trx('quote_request_lines')
          .where({ quote_request_id: requestId })
          .orderBy('id')
          .select('id', 'catalogue_item_id', 'code', 'genus', 'species', 'common_name', 'form', 'height', 'quantity');
        const ids = requested.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : []));
        const [catalogue, siblings] = await Promise.all([staffLinesByIds(deps.db, ids), staffLinesOfPlants(trx, requested)]);
        const quotation = await newDraft(trx, request, staffId, {}, draftLines(requested, catalogue, siblings));
        return { quotation: await adminView(trx, quotation), created: true };
      });
    },

    /** "Revise": a new draft copied from a sent (or declined, or expired) version; 409 if a draft is open or one was accepted. */
    async revise(requestId: number, id: number, staffId: number): Promise<AdminQuotation> {
      return deps.db.transaction(async (trx) => {
        const request = await requestRow(trx, requestId, true);
        if (!request) throw notFound();
        const from = await quotationOf(trx, requestId, id);
        if (!['sent', 'declined', 'expired'].includes(from.status)) throw conflict('Only a sent quotation can be revised.');
        if (await QuotationRow.query(trx).findOne({ quote_request_id: requestId, status: 'draft' }))
          throw conflict('A draft of this quotation is open already: edit that one.');
        await refuseIfAccepted(trx, requestId);
        const lines = (await linesOf(trx, id)).map(({ id: _id, quotation_id: _q, position: _p, ...line }): DraftLine => ({ ...line }));
        const copy = { delivery_pence: from.delivery_pence, vat_rate_bp: from.vat_rate_bp, note: from.note };
        return adminView(trx, await newDraft(trx, request, staffId, copy, lines));
      });
    },

    /** One version as staff see it. */
    get: async (requestId: number, id: number) => adminView(deps.db, await quotationOf(deps.db, requestId, id)),

    /** Every version of a request's quotation, newest first (404 without the request). */
    async versions(requestId: number): Promise<QuotationSummary[]> {
      if (!(await requestRow(deps.db, requestId))) throw notFound();
      const rows = await QuotationRow.query(deps.db).where({ quote_request_id: requestId }).orderBy('version', 'desc');
      return Promise.all(rows.map(async (row) => presentSummary(row, await linesOf(deps.db, row.id))));
    },

    /**
     * Saves the draft: `lines`, when given, is the whole list in order (a line left out goes; a line
     * by `code` is added from the catalogue, priced for its quantity unless a price is given).
     * Saving what is already stored writes nothing. 409 unless it is a draft; 422 per bad line.
     */
    async save(requestId: number, id: number, input: DraftInput): Promise<AdminQuotation> {
      return deps.db.transaction(async (trx) => {
        const quotation = await quotationOf(trx, requestId, id, true);
        if (quotation.status !== 'draft') throw notDraft();
        const stored = await linesOf(trx, id);
        const byId = new Map(stored.map((line) => [line.id, line]));
        const errors: Record<string, string[]> = {};
        const seen = new Set<number>();
        type Wanted = { keep: QuotationLineRow; line: DraftLine } | { keep?: undefined; line: DraftLine };
        const wanted: (Wanted | undefined)[] = [];
        for (const [i, given] of (input.lines ?? []).entries()) {
          if (given.id !== undefined) {
            const keep = byId.get(given.id);
            if (!keep || seen.has(given.id)) {
              errors[`lines.${i}.id`] = [keep ? 'The line is listed twice.' : 'The line is not on this quotation.'];
              continue;
            }
            seen.add(given.id);
            const { id: _id, quotation_id: _q, position: _p, ...line } = keep;
            wanted.push({
              keep,
              line: {
                ...line,
                quantity: given.quantity,
                unit_price_pence: given.unit_price_pence === undefined ? keep.unit_price_pence : given.unit_price_pence,
                note: given.note ?? keep.note,
              },
            });
          } else {
            const found = await staffLineByCode(trx, given.code!);
            if (!found) {
              errors[`lines.${i}.code`] = [`No catalogue line has the code ${given.code}.`];
              continue;
            }
            const line = lineFromCatalogue(found, given.quantity, {
              quote_request_line_id: null,
              is_substitute: false,
              note: given.note ?? '',
            });
            if (given.unit_price_pence !== undefined) line.unit_price_pence = given.unit_price_pence;
            wanted.push({ line });
          }
        }
        if (Object.keys(errors).length) throw validationError(errors);

        const fields = {
          delivery_pence: input.delivery_pence ?? quotation.delivery_pence,
          valid_until: input.valid_until ?? dateOnly(quotation.valid_until),
          note: input.note ?? quotation.note,
        };
        const fieldsChanged =
          fields.delivery_pence !== quotation.delivery_pence ||
          fields.valid_until !== dateOnly(quotation.valid_until) ||
          fields.note !== quotation.note;
        const same = (want: Wanted | undefined, position: number) =>
          !!want?.keep &&
          want.keep.position === position &&
          want.keep.quantity === want.line.quantity &&
          want.keep.unit_price_pence === want.line.unit_price_pence &&
          want.keep.note === want.line.note;
        const linesChanged = input.lines !== undefined && (wanted.length !== stored.length || wanted.some((want, i) => !same(want, i + 1)));
        if (!fieldsChanged && !linesChanged) return adminView(trx, quotation);

        if (linesChanged) {
          const kept = new Set(wanted.flatMap((want) => (want?.keep ? [want.keep.id] : [])));
          const gone = stored.filter((line) => !kept.has(line.id)).map((line) => line.id);
          if (gone.length) await trx('quotation_lines').whereIn('id', gone).delete();
          // Positions are rewritten in order; no unique index on them, so no clash on the way.
          for (const [i, want] of wanted.entries()) {
            if (!want) continue;
            if (want.keep) {
              if (!same(want, i + 1))
                await trx('quotation_lines')
                  .where({ id: want.keep.id })
                  .update({
                    position: i + 1,
                    quantity: want.line.quantity,
                    unit_price_pence: want.line.unit_price_pence,
                    note: want.line.note,
                  });
            } else await insertLines(trx, id, [want.line], i + 1);
          }
        }
        const updated = await QuotationRow.query(trx).patchAndFetchById(id, { ...fields, updated_at: deps.now() });
        return adminView(trx, updated);
      });
    },

    /**
     * Sends a draft: checks it (≥ 1 line, every line priced, valid after today), fixes its totals,
     * marks the version sent before superseded and the request quoted, and records
     * `quotation.sent` — all in one transaction, with the request locked so a second send waits.
     */
    async send(requestId: number, id: number, staffId: number): Promise<AdminQuotation> {
      return deps.db.transaction(async (trx) => {
        if (!(await requestRow(trx, requestId, true))) throw notFound();
        const quotation = await quotationOf(trx, requestId, id, true);
        if (quotation.status !== 'draft') throw notDraft();
        await refuseIfAccepted(trx, requestId);
        const lines = await linesOf(trx, id);
        const problems = sendProblems(quotation, lines, today());
        if (Object.keys(problems).length) throw validationError(problems);
        const totals = quotationTotals({ lines, delivery_pence: quotation.delivery_pence, vat_rate_bp: quotation.vat_rate_bp });
        const now = deps.now();
        await trx('quotations')
          .where({ quote_request_id: requestId, status: 'sent' })
          .whereNot({ id })
          .update({ status: 'superseded', updated_at: now });
        const sent = await QuotationRow.query(trx).patchAndFetchById(id, {
          status: 'sent',
          subtotal_pence: totals.subtotal_pence,
          vat_pence: totals.vat_pence,
          total_pence: totals.total_pence,
          sent_by: staffId,
          sent_at: now,
          updated_at: now,
        });
        await trx('quote_requests')
          .where({ id: requestId })
          .update({ status: 'quoted', handled_at: trx.raw('coalesce(handled_at, ?)', [now]), updated_at: now });
        await deps.events.record(trx, 'quotation.sent', { quotationId: id });
        return adminView(trx, sent);
      });
    },

    /** The buyer's sent versions of their own request, newest first (the route has checked ownership). */
    async forRequest(requestId: number): Promise<Quotation[]> {
      const rows = await QuotationRow.query(deps.db)
        .where({ quote_request_id: requestId })
        .whereNot({ status: 'draft' })
        .orderBy('version', 'desc');
      const request = await requestRow(deps.db, requestId);
      return request ? Promise.all(rows.map((row) => buyerView(row, request))) : [];
    },

    /** GET /api/quotations/{id}: the owner's, or a guest's with the signed link's token. */
    async read(id: number, userId: number | null, token: unknown): Promise<Quotation> {
      const { quotation, request, viaToken } = await readable(id, userId, token);
      return buyerView(quotation, request, viaToken ? (token as string) : undefined);
    },

    /** The stored PDF of a readable quotation (404 until the worker has made it). */
    async pdf(id: number, userId: number | null, token: unknown): Promise<StoredPdf> {
      return storedPdf((await readable(id, userId, token)).quotation);
    },

    /** The stored PDF of any version, for staff. */
    adminPdf: async (requestId: number, id: number): Promise<StoredPdf> => storedPdf(await quotationOf(deps.db, requestId, id)),

    /** Sent quotations still within their validity: the dashboard's "awaiting an answer". */
    async awaitingAnswerCount(): Promise<number> {
      const row = await deps.db('quotations').where({ status: 'sent' }).where('valid_until', '>=', today()).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
export type QuotationService = ReturnType<typeof quotationService>;
