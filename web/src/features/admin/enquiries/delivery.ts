import { formatDateTime } from '../shared/dates.ts';

/** "Delivered 22 Nov 2026 14:03" or "Not yet delivered": whether the office got the email. */
export function deliveryText(emailedAt: string | null): string {
  return emailedAt ? `Delivered ${formatDateTime(emailedAt)}` : 'Not yet delivered';
}
