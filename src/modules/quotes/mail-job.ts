import type { Deps } from '../../deps.ts';
import { once } from '../../outbox/receipts.ts';
import { findUserById } from '../users/service.ts';
import { quoteConfirmationMail, quoteSalesMail } from './mails.ts';
import type { QuoteRequest } from './model.ts';
import { loadQuoteRequest } from './service.ts';
import { quoteWorkbook } from './xlsx.ts';

type MailDeps = Pick<Deps, 'db' | 'config' | 'mailer'>;

/**
 * Builds one of a request's mails (the XLSX made here, in the worker) and sends it once. The
 * receipt is keyed by the request, not only the event: a request has exactly one of each mail, so
 * a re-published event, a duplicate job or a retry after a lost receipt write all find it sent.
 */
async function sendQuoteMail(deps: MailDeps, id: number, kind: 'sales' | 'confirmation'): Promise<void> {
  await once(deps.db, `quote-${kind}:${id}`, async () => {
    const found = await loadQuoteRequest(deps.db, id);
    if (!found) return; // deleted since: nothing to send
    const { request, lines } = found;
    if (kind === 'confirmation' && !request.send_confirmation) return; // past the address's hourly limit
    const xlsx = await quoteWorkbook(request, lines, deps.config.business);
    await deps.mailer.send(
      kind === 'sales'
        ? quoteSalesMail(request, lines, xlsx, deps.config.business, deps.config.enquiriesTo)
        : quoteConfirmationMail(request, lines, xlsx, deps.config.business, await ownVerifiedAddress(deps, request)),
    );
  });
}

/**
 * Whether the request went to its sender's own verified address: only then may the confirmation
 * repeat what the form said. Not merely an address some account verified: a stranger could
 * otherwise still send that account holder a message of their own from our domain.
 */
async function ownVerifiedAddress(deps: MailDeps, request: QuoteRequest): Promise<boolean> {
  const sender = request.user_id === null ? undefined : await findUserById(deps.db, request.user_id);
  return Boolean(sender?.email_verified_at && sender.email.toLowerCase() === request.email.toLowerCase());
}

/** Job `mail.quote_sales`: the request to ENQUIRIES_TO with the lines as an XLSX attachment. */
export const sendQuoteToSales = (deps: MailDeps, id: number) => sendQuoteMail(deps, id, 'sales');

/** Job `mail.quote_confirmation`: the same list to the buyer. */
export const sendQuoteConfirmation = (deps: MailDeps, id: number) => sendQuoteMail(deps, id, 'confirmation');
