import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { Enquiry, EnquiryCounts } from '../../../shared/api/enquiries.ts';
import type { Paged } from '../../../shared/api/paged.ts';
import type { Paging } from '../../validation/paging.ts';
import { contactInbox, type ContactMessage } from '../contact/service.ts';
import { presentEnquiry } from './presenter.ts';

/** Weeks shown on the dashboard's chart, this week included. */
const CHART_WEEKS = 12;
/** Weeks start on Monday in the nursery's own time zone. */
const ZONE = 'Europe/London';

/** Contact enquiries as the admin works through them: list, read, mark handled, delete. The rows are contact's. */
export function enquiryService(deps: Pick<Deps, 'db'>) {
  const inbox = contactInbox(deps.db);
  const present = (message: ContactMessage | undefined): Enquiry => {
    if (!message) throw notFound();
    return presentEnquiry(message);
  };

  return {
    /** Newest first. */
    async list(paging: Paging): Promise<Paged<Enquiry>> {
      const { results, total } = await inbox.page(paging);
      return { results: results.map(presentEnquiry), total };
    },

    find: async (id: number): Promise<Enquiry> => present(await inbox.find(id)),

    /** Marks handled (keeping the first time it was) or not handled. */
    setHandled: async (id: number, handled: boolean): Promise<Enquiry> => present(await inbox.setHandled(id, handled)),

    async remove(id: number): Promise<void> {
      if (!(await inbox.remove(id))) throw notFound();
    },

    /**
     * Dashboard figures: enquiries in the last 7 and 30 days, and per week for the last
     * CHART_WEEKS weeks (oldest first, empty weeks as 0; `week` is that Monday's date).
     */
    stats: (): Promise<EnquiryCounts> => inbox.counts(CHART_WEEKS, ZONE),
  };
}
export type EnquiryService = ReturnType<typeof enquiryService>;
