/** Enquiries (stored contact messages) as the admin's inbox and dashboard show them. */

/** One enquiry (GET /api/enquiries/{id}). `emailed_at` is when it was mailed to the office; never the sender's IP or mail errors. */
export interface Enquiry {
  id: number;
  name: string;
  email: string;
  telephone: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  emailed_at: string | null;
}

/** Enquiries received in one week; `week` is that week's Monday (YYYY-MM-DD, UK time). */
export interface WeekCount {
  week: string;
  count: number;
}

/** Enquiries received lately: in the last 7 and 30 days, and per week, oldest first (empty weeks count 0). */
export interface EnquiryCounts {
  last7: number;
  last30: number;
  perWeek: WeekCount[];
}
