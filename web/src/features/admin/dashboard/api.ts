import { api } from '../../../app/api.ts';

/** Enquiries received in one week; `week` is that week's Monday (YYYY-MM-DD, UK time). */
export interface WeekCount {
  week: string;
  count: number;
}

/**
 * GET /api/admin/stats. Queue figures are -1 when the queue cannot be reached; `enquiries.unsent`
 * counts enquiries stored but not yet mailed to the sales inbox.
 */
export interface AdminStats {
  users: number;
  enquiries: { last7: number; last30: number; perWeek: WeekCount[]; unsent: number };
  catalogue: { rows: number; generated_at: string | null };
  queues: { waiting: number; failed: number };
}

/** The dashboard's figures. Other admin screens invalidate 'Stats' when they change a count. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => '/api/admin/stats',
      providesTags: ['Stats'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminStatsQuery } = dashboardApi;
