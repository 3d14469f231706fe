import type { Quotation } from '../../../../shared/api/quotations.ts';

/** What the answer needs: the quotation shown, and the guest's token when the page was opened from the mail. */
export interface QuotationAnswerProps {
  quotation: Quotation;
  /** The signed link's token (a guest); undefined for the signed-in owner. */
  token?: string;
}

/**
 * The buyer's answer to a sent quotation, under it on /quotations/{id}: the slot where Accept (PO
 * number, delivery address, wanted-by date) and Decline (a reason) go — the orders module's part
 * of issue 19, which replaces this body. Until then the page is read-only and says how to answer.
 */
export function QuotationAnswer({ quotation }: QuotationAnswerProps) {
  if (quotation.status !== 'sent') return null;
  return <p>To accept this quotation or ask for a change, reply to the email it came with or call us.</p>;
}
