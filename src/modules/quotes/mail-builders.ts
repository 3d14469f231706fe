import type { Deps } from '../../deps.ts';
import type { MailBuilder } from '../../mail/kinds.ts';
import { findUserById } from '../users/service.ts';
import { quoteConfirmationMail, quoteSalesMail } from './mails.ts';
import type { QuoteRequest } from './model.ts';
import { loadQuoteRequest } from './service.ts';
import { quoteWorkbook } from './xlsx.ts';

type MailDeps = Pick<Deps, 'db' | 'config'>;

/**
 * Builds one of a request's mails, the XLSX made here (in the worker); null when the request was
 * deleted since, or for a confirmation past its address's hourly limit (decided when it was stored).
 */
async function quoteMail(deps: MailDeps, id: number, kind: 'sales' | 'confirmation') {
  const found = await loadQuoteRequest(deps.db, id);
  if (!found) return null;
  const { request, lines } = found;
  if (kind === 'confirmation' && !request.send_confirmation) return null;
  const xlsx = await quoteWorkbook(request, lines, deps.config.business);
  return {
    message:
      kind === 'sales'
        ? quoteSalesMail(request, lines, xlsx, deps.config.business, deps.config.enquiriesTo)
        : quoteConfirmationMail(request, lines, xlsx, deps.config.business, await ownVerifiedAddress(deps, request)),
  };
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
