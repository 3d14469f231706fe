import type { AcceptQuotationInput, OrderCreated, QuotationDeclined } from '../../../shared/api/orders.ts';
import type { Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import { calendarDate } from '../../mail/format.ts';
import { quotationTokenMatches } from '../quotations/service.ts';
import { dateOnly, ukDay } from '../../../shared/uk-day.ts';
import type { QuotationLineRow, QuotationRow } from './model.ts';
import { reserveStock } from './stock.ts';

/** Who answers a quotation: a signed-in buyer, and/or the token of the link we mailed. */
export interface Answerer {
  userId: number | null;
  token?: string | undefined;
}

type AnswerDeps = Pick<Deps, 'db' | 'events' | 'now' | 'config'>;

interface RequestRow {
  id: number;
  user_id: number | null;
  name: string;
  company: string;
  email: string;
}

/**
 * Whether `who` may see and answer `quotation`: the holder of its link (a token for its id and
 * validity date), or the signed-in buyer whose quote request it answers. A draft is staff's alone.
 * Anyone else is told "not found", so ids and guessed tokens reveal nothing.
 */
export function mayAnswer(
  config: AnswerDeps['config'],
  quotation: Pick<QuotationRow, 'id' | 'status' | 'valid_until'>,
  ownerId: number | null,
  who: Answerer,
): boolean {
  if (quotation.status === 'draft') return false;
  const validUntil = dateOnly(quotation.valid_until);
  if (who.token && validUntil && quotationTokenMatches(config, { id: quotation.id, valid_until: validUntil }, who.token)) return true;
  return who.userId !== null && ownerId === who.userId;
}

const conflict = (message: string) => new HttpError(409, message);

/** Refuses, with a message the buyer can act on, any quotation that is not open for an answer today. */
function assertOpen(quotation: QuotationRow, today: string): void {
  const validUntil = dateOnly(quotation.valid_until);
  const expired = () => conflict(`This quotation expired on ${calendarDate(validUntil ?? today)}: ask us for a new one.`);
  switch (quotation.status) {
    case 'accepted':
      throw conflict('This quotation has already been accepted.');
    case 'declined':
      throw conflict('This quotation has been declined.');
    case 'superseded':
      throw conflict('This quotation has been replaced by a newer version: answer that one instead.');
    case 'expired':
      throw expired();
    case 'sent':
      if (validUntil !== null && validUntil < today) throw expired();
      return;
    default:
      throw notFound();
  }
}

/**
 * The quotation locked for this transaction, with its request, once `who` may answer it and it is
 * open today. The REQUEST is locked first (FOR UPDATE), the same lock and in the same order as the
 * quotations module's send and draft take: a revision being sent and an answer to the version it
 * replaces take turns, so the second finds the first's work (superseded, or accepted) and never
 * commits beside it. Then the quotation row: a second answer at the same moment waits, then finds
 * it answered.
 */
async function openQuotation(deps: AnswerDeps, trx: Trx, id: number, who: Answerer) {
  const found: Pick<QuotationRow, 'quote_request_id'> | undefined = await trx('quotations').where({ id }).first('quote_request_id');
  if (!found) throw notFound();
  const request: RequestRow = await trx('quote_requests').where({ id: found.quote_request_id }).forUpdate().first();
  const quotation: QuotationRow | undefined = await trx('quotations').where({ id }).forUpdate().first();
  if (!quotation) throw notFound();
  if (!mayAnswer(deps.config, quotation, request.user_id, who)) throw notFound();
  assertOpen(quotation, ukDay(deps.now()));
  return { quotation, request };
}

/** `SO-2026-000042`: the year and a number from the `order_number` sequence (never shared, never reused). */
async function nextReference(trx: Trx, now: Date): Promise<string> {
  const { rows } = await trx.raw<{ rows: { n: string }[] }>("SELECT nextval('order_number') AS n");
  return `SO-${now.getUTCFullYear()}-${String(rows[0]!.n).padStart(6, '0')}`;
}

/** The quotation's totals as sent; computed from its lines only if a row was stored without them. */
function totalsOf(quotation: QuotationRow, lines: QuotationLineRow[]) {
  const subtotal = quotation.subtotal_pence ?? lines.reduce((sum, line) => sum + line.quantity * line.unit_price_pence, 0);
  const vat = quotation.vat_pence ?? Math.round(((subtotal + quotation.delivery_pence) * quotation.vat_rate_bp) / 10_000);
  return {
    subtotal_pence: subtotal,
    delivery_pence: quotation.delivery_pence,
    vat_pence: vat,
    total_pence: quotation.total_pence ?? subtotal + quotation.delivery_pence + vat,
  };
}

/**
 * Accepts a sent quotation in ONE transaction: the order with its lines copied from the quotation's,
 * the stock reserved line by line (any shortfall: 409 naming the lines, and nothing stored), the
 * quotation accepted, the request won, the first history row `confirmed`, and the events
 * `quotation.accepted` (the quotation's own step, like sent/declined/expired) and
 * `order.confirmed` that owes the buyer's confirmation and the sales mail.
 */
export function acceptQuotation(deps: AnswerDeps, id: number, who: Answerer, input: AcceptQuotationInput): Promise<OrderCreated> {
  return deps.db.transaction(async (trx) => {
    const { quotation, request } = await openQuotation(deps, trx, id, who);
    const lines: QuotationLineRow[] = await trx('quotation_lines').where({ quotation_id: id }).orderBy(['position', 'id']);
    if (!lines.length) throw conflict('This quotation has no lines to order.');
    const reserved = await reserveStock(trx, lines);
    const now = deps.now();
    const [order] = await trx('orders')
      .insert({
        reference: await nextReference(trx, now),
        quotation_id: id,
        user_id: request.user_id,
        name: request.name,
        company: request.company,
        email: request.email,
        po_number: input.po_number,
        delivery_address: input.delivery_address,
        delivery_postcode: input.delivery_postcode,
        wanted_by: input.wanted_by,
        status: 'confirmed',
        ...totalsOf(quotation, lines),
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'reference']);
    await trx('order_lines').insert(
      lines.map((line, index) => ({
        order_id: order.id,
        position: index + 1,
        catalogue_item_id: line.catalogue_item_id,
        code: line.code,
        genus: line.genus,
        species: line.species,
        common_name: line.common_name,
        form: line.form,
        height: line.height,
        quantity: line.quantity,
        unit_price_pence: line.unit_price_pence,
        reserved: reserved[index],
      })),
    );
    await trx('quotations').where({ id }).update({ status: 'accepted', answered_at: now, updated_at: now });
    await trx('quote_requests')
      .where({ id: request.id })
      .update({ status: 'won', handled_at: trx.raw('coalesce(handled_at, ?)', [now]), updated_at: now });
    // changed_by stays null: the buyer's own acceptance, not a member of staff (the column's rule).
    await trx('order_status_changes').insert({
      order_id: order.id,
      status: 'confirmed',
      changed_by: null,
      note: '',
      created_at: now,
    });
    await deps.events.record(trx, 'quotation.accepted', { quotationId: id, orderId: order.id });
    await deps.events.record(trx, 'order.confirmed', { orderId: order.id });
    return { id: order.id as number, reference: order.reference as string };
  });
}

/** Declines a sent quotation with the buyer's reason; the request is lost; `quotation.declined` owes sales a mail. */
export function declineQuotation(deps: AnswerDeps, id: number, who: Answerer, reason: string): Promise<QuotationDeclined> {
  return deps.db.transaction(async (trx) => {
    const { request } = await openQuotation(deps, trx, id, who);
    const now = deps.now();
    await trx('quotations').where({ id }).update({ status: 'declined', decline_reason: reason, answered_at: now, updated_at: now });
    await trx('quote_requests')
      .where({ id: request.id })
      .update({ status: 'lost', handled_at: trx.raw('coalesce(handled_at, ?)', [now]), updated_at: now });
    await deps.events.record(trx, 'quotation.declined', { quotationId: id });
    return { id, status: 'declined' as const };
  });
}

/**
 * Marks every sent quotation whose validity ended before today (UK) expired, each with its
 * `quotation.expired` event (the buyer's mail), in one transaction. An acceptance holding the row
 * lock finishes first; the update then re-checks `status = 'sent'` and leaves it. Returns how many.
 */
export function expireQuotations(deps: AnswerDeps): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (trx) => {
    const rows: { id: number }[] = await trx('quotations')
      .where({ status: 'sent' })
      .where('valid_until', '<', ukDay(now))
      .update({ status: 'expired', updated_at: now })
      .returning('id');
    await deps.events.recordMany(
      trx,
      'quotation.expired',
      rows.map((row) => ({ quotationId: row.id })),
    );
    return rows.length;
  });
}
