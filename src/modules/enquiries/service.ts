import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/errors.ts';
import type { Paged, Paging } from '../../http/paging.ts';
import { ContactMessage } from '../contact/model.ts';
import { presentEnquiry, type PresentedEnquiry } from './presenter.ts';

/** Weeks shown on the dashboard's chart, this week included. */
export const CHART_WEEKS = 12;
/** Weeks start on Monday in the nursery's own time zone. */
const ZONE = 'Europe/London';

/** Contact enquiries as the admin works through them: list, read, mark handled, delete. */
export function enquiryService(deps: Pick<Deps, 'db'>) {
  return {
    /** Newest first. */
    async list(paging: Paging): Promise<Paged<PresentedEnquiry>> {
      const [rows, [count]] = await Promise.all([
        ContactMessage.query(deps.db)
          .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(paging.limit)
          .offset(paging.page * paging.limit),
        deps.db('contact_messages').count<{ n: string }[]>({ n: '*' }),
      ]);
      return { results: rows.map(presentEnquiry), total: Number(count?.n ?? 0) };
    },

    async find(id: number): Promise<PresentedEnquiry> {
      const message = await ContactMessage.query(deps.db).findById(id);
      if (!message) throw notFound();
      return presentEnquiry(message);
    },

    /** Marks handled (keeping the first time it was) or not handled. */
    async setHandled(id: number, handled: boolean): Promise<PresentedEnquiry> {
      const [row] = await deps.db('contact_messages')
        .where({ id })
        .update({ handled_at: handled ? deps.db.raw('coalesce(handled_at, now())') : null, updated_at: deps.db.fn.now() })
        .returning('*');
      if (!row) throw notFound();
      return presentEnquiry(row as ContactMessage);
    },

    async remove(id: number): Promise<void> {
      const deleted = await ContactMessage.query(deps.db).deleteById(id);
      if (!deleted) throw notFound();
    },

    /**
     * Dashboard figures: enquiries in the last 7 and 30 days, and per week for the last
     * CHART_WEEKS weeks (oldest first, empty weeks as 0; `week` is that Monday's date).
     */
    async stats(): Promise<{ last7: number; last30: number; perWeek: { week: string; count: number }[] }> {
      const [totals, weeks] = await Promise.all([
        deps.db('contact_messages')
          .select(
            deps.db.raw("count(*) FILTER (WHERE created_at >= now() - interval '7 days') AS last7"),
            deps.db.raw("count(*) FILTER (WHERE created_at >= now() - interval '30 days') AS last30"),
          )
          .first<{ last7: string; last30: string }>(),
        deps.db.raw<{ rows: { week: string; count: string }[] }>(
          `WITH weeks AS (
             SELECT generate_series(date_trunc('week', now() AT TIME ZONE :zone) - make_interval(weeks => :back),
                                    date_trunc('week', now() AT TIME ZONE :zone), interval '1 week') AS start
           )
           SELECT to_char(w.start, 'YYYY-MM-DD') AS week, count(m.id) AS count
             FROM weeks w
             LEFT JOIN contact_messages m
               ON m.created_at AT TIME ZONE :zone >= w.start AND m.created_at AT TIME ZONE :zone < w.start + interval '1 week'
            GROUP BY w.start
            ORDER BY w.start`,
          { zone: ZONE, back: CHART_WEEKS - 1 },
        ),
      ]);
      return {
        last7: Number(totals?.last7 ?? 0),
        last30: Number(totals?.last30 ?? 0),
        perWeek: weeks.rows.map((r) => ({ week: r.week, count: Number(r.count) })),
      };
    },
  };
}
export type EnquiryService = ReturnType<typeof enquiryService>;
