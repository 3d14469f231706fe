import type { OrderCopy, OrderCreated, OrderDetail, OrderStatus, OrderSummary, QuotationDeclined } from '../../../shared/api/orders.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import type { Db, Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { Paging } from '../../validation/paging.ts';
import { PUBLIC_VIEWER } from '../../viewer.ts';
import { catalogueLinesByIds } from '../catalogue/service.ts';
import { addToPlantList, createNamedList, defaultListQuantities, MAX_QUANTITY, readPlantList } from '../plant-lists/service.ts';
import { summariseCopy } from '../quotes/service.ts';
import { acceptQuotation, declineQuotation, expireQuotations, mayAnswer, type Answerer } from './answers.ts';
import { Order, type OrderLineRow, type OrderStatusChangeRow } from './model.ts';
import { presentDetail, presentSummary, type OrderListRow } from './presenter.ts';
import type { AcceptInput, AdminListQuery } from './schema.ts';
import { releaseStock } from './stock.ts';
import { canMove } from './transitions.ts';

/** Orders with their quotation's reference and line count, as every list and detail reads them. */
const ordersQuery = (db: Db | Trx) =>
  db('orders')
    .join('quotations', 'quotations.id', 'orders.quotation_id')
    .select(
      'orders.*',
      'quotations.reference AS quotation_reference',
      'quotations.valid_until AS quotation_valid_until',
      'quotations.status AS quotation_status',
      db.raw('(SELECT count(*) FROM order_lines WHERE order_lines.order_id = orders.id) AS line_count'),
    );

type LoadedRow = OrderListRow & { quotation_valid_until: Date | string | null; quotation_status: 'accepted' };

/** An order with its lines (in order) and its history (oldest first), for the screens, the mails and the picking list. */
export async function loadOrder(
  db: Db | Trx,
  id: number,
): Promise<{ order: LoadedRow; lines: OrderLineRow[]; history: OrderStatusChangeRow[] } | undefined> {
  const order: LoadedRow | undefined = await ordersQuery(db).where('orders.id', id).first();
  if (!order) return undefined;
  const [lines, history] = await Promise.all([
    db('order_lines').where({ order_id: id }).orderBy(['position', 'id']) as Promise<OrderLineRow[]>,
    db('order_status_changes')
      .leftJoin('users', 'users.id', 'order_status_changes.changed_by')
      .where({ order_id: id })
      .orderBy('order_status_changes.id')
      .select(
        'order_status_changes.*',
        db.raw("nullif(trim(concat(users.firstname, ' ', users.lastname)), '') AS changed_by_name"),
      ) as Promise<OrderStatusChangeRow[]>,
  ]);
  return { order, lines, history };
}

/** One history row with its order, for the status mail (undefined once the order is gone). */
export async function loadStatusChange(db: Db, changeId: number) {
  const change: OrderStatusChangeRow | undefined = await db('order_status_changes').where({ id: changeId }).first();
  const found = change && (await loadOrder(db, change.order_id));
  return found && { change: change!, ...found };
}

/** A quotation with its request's contact details, for the declined and expired mails. */
export async function loadAnsweredQuotation(db: Db, quotationId: number) {
  return db('quotations')
    .join('quote_requests', 'quote_requests.id', 'quotations.quote_request_id')
    .where('quotations.id', quotationId)
    .first(
      'quotations.reference',
      'quotations.status',
      'quotations.valid_until',
      'quotations.decline_reason',
      'quotations.total_pence',
      'quote_requests.name',
      'quote_requests.company',
      'quote_requests.email',
    );
}

/** `a%b_c` searched for as typed, not as a pattern. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The UK day `day` starts at, as an instant (the database compares created_at in that zone). */
const ukStart = (db: Db, day: string) => db.raw("(?::date)::timestamp AT TIME ZONE 'Europe/London'", [day]);

async function page(db: Db, paging: Paging, filter: (query: ReturnType<typeof ordersQuery>) => void): Promise<Paged<OrderSummary>> {
  const rows = ordersQuery(db);
  filter(rows);
  const counted = db('orders').join('quotations', 'quotations.id', 'orders.quotation_id');
  filter(counted as ReturnType<typeof ordersQuery>);
  const [results, [count]] = await Promise.all([
    rows
      .orderBy([
        { column: 'orders.created_at', order: 'desc' },
        { column: 'orders.id', order: 'desc' },
      ])
      .limit(paging.limit)
      .offset(paging.page * paging.limit),
    counted.count<{ n: string }[]>({ n: '*' }),
  ]);
  return { results: (results as OrderListRow[]).map(presentSummary), total: Number(count?.n ?? 0) };
}

/**
 * Orders: made by accepting a quotation (stock reserved in the same transaction), read by their
 * buyer (another buyer's id is a 404; a guest needs the quotation's link token), moved on and
 * cancelled by staff, each step a history row and an event that mails the buyer.
 */
export function orderService(deps: Pick<Deps, 'db' | 'events' | 'now' | 'config'>) {
  const detail = async (id: number, allowed: (order: LoadedRow) => boolean, staff = false): Promise<OrderDetail> => {
    const found = await loadOrder(deps.db, id);
    if (!found || !allowed(found.order)) throw notFound();
    return presentDetail(found.order, found.lines, found.history, staff);
  };
  return {
    accept: (id: number, who: Answerer, input: AcceptInput): Promise<OrderCreated> => acceptQuotation(deps, id, who, input),
    decline: (id: number, who: Answerer, reason: string): Promise<QuotationDeclined> => declineQuotation(deps, id, who, reason),
    /** The housekeeping sweep: sent quotations past their validity become expired. */
    expireDue: () => expireQuotations(deps),

    /** The buyer's own orders, newest first. */
    mine: (userId: number, paging: Paging) => page(deps.db, paging, (query) => query.where('orders.user_id', userId)),

    /** One order for its buyer (signed in), or for whoever holds the link to the quotation it came from. */
    view: (id: number, who: Answerer) =>
      detail(id, (order) =>
        mayAnswer(
          deps.config,
          { id: order.quotation_id, status: order.quotation_status, valid_until: order.quotation_valid_until },
          order.user_id,
          who,
        ),
      ),

    /**
     * Puts an order's lines into the buyer's plant list (to reorder), saying what happened to each
     * line; with `newList`, into a new list named after the order (then the buyer's default list).
     */
    async copy(userId: number, id: number, { newList = false }: { newList?: boolean } = {}): Promise<OrderCopy> {
      return deps.db.transaction(async (trx) => {
        const order = await Order.query(trx).findOne({ id, user_id: userId });
        if (!order) throw notFound();
        const lines: OrderLineRow[] = await trx('order_lines').where({ order_id: id }).orderBy(['position', 'id']);
        const available = await catalogueLinesByIds(
          trx,
          lines.flatMap((line) => (line.catalogue_item_id ? [line.catalogue_item_id] : [])),
          PUBLIC_VIEWER,
        );
        // Merged only into the list the lines go to (the default; a new list starts empty), never
        // into a line the buyer keeps on another of their lists.
        const onList = newList ? new Map<number, number>() : await defaultListQuantities(trx, userId);
        // A line retired since the order is no longer available: left out, and said so.
        const inCatalogue = new Set([...available.values()].filter((line) => !line.retired_at).map((line) => line.id));
        const { copied, toAdd } = summariseCopy(lines, onList, inCatalogue, MAX_QUANTITY);
        if (newList) {
          const created = await createNamedList(trx, userId, `Order ${order.reference}`, toAdd);
          return { list: await readPlantList(trx, userId, PUBLIC_VIEWER), copied, new_list: created };
        }
        await addToPlantList(trx, userId, toAdd);
        return { list: await readPlantList(trx, userId, PUBLIC_VIEWER), copied };
      });
    },

    /** The admin list: newest first, filtered by status and UK days, searched by reference, company or PO number. */
    adminList: ({ status, from, to, q, ...paging }: AdminListQuery) =>
      page(deps.db, paging, (query) => {
        if (status) query.where('orders.status', status);
        if (from) query.where('orders.created_at', '>=', ukStart(deps.db, from));
        if (to) query.where('orders.created_at', '<', deps.db.raw("((?::date + 1)::timestamp AT TIME ZONE 'Europe/London')", [to]));
        if (q)
          query.where((search) =>
            search
              .whereILike('orders.reference', likeText(q))
              .orWhereILike('orders.company', likeText(q))
              .orWhereILike('orders.po_number', likeText(q)),
          );
      }),

    adminOne: (id: number) => detail(id, () => true, true),

    /**
     * Moves an order on (or cancels it) under a row lock, so two staff clicking at once make one
     * change: the history row (who, when, note), the `order.status_changed` event (the buyer's
     * mail) and, for a cancellation, the reserved stock given back, all in one transaction.
     */
    async setStatus(id: number, status: OrderStatus, note: string, staffId: number): Promise<OrderDetail> {
      await deps.db.transaction(async (trx) => {
        const order = await Order.query(trx).findById(id).forUpdate();
        if (!order) throw notFound();
        if (!canMove(order.status, status))
          throw new HttpError(
            409,
            `An order that is ${order.status} cannot be moved to ${status}.`,
            {},
            { status: [`Not allowed from ${order.status}.`] },
          );
        const now = deps.now();
        if (status === 'cancelled') await releaseStock(trx, await trx('order_lines').where({ order_id: id }));
        await trx('orders').where({ id }).update({ status, updated_at: now });
        const [change] = await trx('order_status_changes')
          .insert({ order_id: id, status, changed_by: staffId, note, created_at: now })
          .returning('id');
        await deps.events.record(trx, 'order.status_changed', { changeId: change.id });
      });
      return detail(id, () => true, true);
    },

    /** Orders staff have to pick (confirmed or being picked), for the dashboard. */
    async toPickCount(): Promise<number> {
      const row = await deps.db('orders').whereIn('status', ['confirmed', 'picking']).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },

    /** An order for its picking list (staff). */
    async forPicking(id: number) {
      const found = await loadOrder(deps.db, id);
      if (!found) throw notFound();
      return found;
    },
  };
}
export type OrderService = ReturnType<typeof orderService>;
