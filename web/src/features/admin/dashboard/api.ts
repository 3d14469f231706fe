import { api } from '../../../lib/api/api.ts';
import type { AdminStats } from '../../../../../shared/api/admin.ts';

/** The dashboard's figures. Other admin screens invalidate 'Stats' when they change a count. */
const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => '/api/admin/stats',
      providesTags: ['Stats'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminStatsQuery } = dashboardApi;
