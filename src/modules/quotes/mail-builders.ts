import type { Deps } from '../../deps.ts';
import type { MailBuilder } from '../../mail/kinds.ts';
import { quoteConfirmationMail, quoteSalesMail } from './mails.ts';
import { loadQuoteRequest } from './service.ts';
import { quoteWorkbook } from './xlsx.ts';

type MailDeps = Pick<Deps, 'db' | 'config'>;

/** Builds one of a request's mails, the XLSX made here (in the worker); null when the request was deleted since. */
async function quoteMail(deps: MailDeps, id: number, kind: 'sales' | 'confirmation') {
  const found = await loadQuoteRequest(deps.db, id);
  if (!found) return null;
  const { request, lines } = found;
  const xlsx = await quoteWorkbook(request, lines, deps.config.business);
  return {
    message:
      kind === 'sales'
        ? quoteSalesMail(request, lines, xlsx, deps.config.business, deps.config.enquiriesTo)
        : quoteConfirmationMail(request, lines, xlsx, deps.config.business),
  };
}

/** `quote.sales`: the request to ENQUIRIES_TO with the lines as an XLSX attachment; `quote.confirmation`: the same list to the buyer. */
export function quoteMailBuilders(deps: MailDeps): {
  'quote.sales': MailBuilder<'quote.sales'>;
  'quote.confirmation': MailBuilder<'quote.confirmation'>;
} {
  return {
    'quote.sales': ({ quoteId }) => quoteMail(deps, quoteId, 'sales'),
    'quote.confirmation': ({ quoteId }) => quoteMail(deps, quoteId, 'confirmation'),
  };
}
