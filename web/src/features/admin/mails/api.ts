import { api } from '../../../lib/api/api.ts';
import type { AdminMail } from '../../../../../shared/api/mails.ts';
import type { Paged } from '../../../../../shared/api/paged.ts';

/** Refused mails per page (the server's default too). */
export const MAILS_PAGE_SIZE = 20;

/**
 * Outgoing mails for staff (src/modules/mails/routes.ts): the refused ones, read afresh on each
 * visit, and Resend, after which the screen refetches and the dashboard's counts ('Stats') are
 * invalidated.
 */
const mailsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRefusedMails: build.query<Paged<AdminMail>, number>({
      query: (page) => `/api/admin/mails?status=refused&limit=${MAILS_PAGE_SIZE}&page=${page}`,
      keepUnusedDataFor: 0,
    }),
    resendMail: build.mutation<AdminMail, number>({
      query: (id) => ({ url: `/api/admin/mails/${id}/resend`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Stats']),
    }),
  }),
});

export const { useListRefusedMailsQuery, useResendMailMutation } = mailsAdminApi;
