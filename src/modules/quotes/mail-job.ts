import type { Deps } from '../../deps.ts';
import { once } from '../../outbox/receipts.ts';
import { quoteConfirmationMail, quoteSalesMail } from './mails.ts';
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
    const xlsx = await quoteWorkbook(request, lines, deps.config.business);
    await deps.mailer.send(
      kind === 'sales'
        ? quoteSalesMail(request, lines, xlsx, deps.config.business, deps.config.enquiriesTo)
        : quoteConfirmationMail(request, lines, xlsx, deps.config.business),
    );
  });
}

/** Job `mail.quote_sales`: the request to ENQUIRIES_TO with the lines as an XLSX attachment. */
export const sendQuoteToSales = (deps: MailDeps, id: number) => sendQuoteMail(deps, id, 'sales');

/** Job `mail.quote_confirmation`: the same list to the buyer. */
export const sendQuoteConfirmation = (deps: MailDeps, id: number) => sendQuoteMail(deps, id, 'confirmation');
