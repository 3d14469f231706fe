import type { Deps } from '../../deps.ts';
import type { MailBuilder } from '../../mail/kinds.ts';
import { findUserById } from '../users/service.ts';
import { quotationSentMail } from './mails.ts';
import { totalsOf } from './presenter.ts';
import { dateOnly } from '../../../shared/uk-day.ts';
import { loadQuotation, quotationLink } from './service.ts';

type MailDeps = Pick<Deps, 'db' | 'config' | 'storage'>;

/**
 * `quotation.sent`: the buyer's mail, built when it is sent from the quotation as stored, the PDF
 * read back from storage. The link: a buyer with an account reads it in "My quote requests"; a
 * guest (or a deleted account) gets the signed link to the public page. Nothing to send once the
 * quotation is gone or was never rendered.
 */
export function quotationMailBuilders(deps: MailDeps): { 'quotation.sent': MailBuilder<'quotation.sent'> } {
  return {
    'quotation.sent': async ({ quotationId }) => {
      const found = await loadQuotation(deps.db, quotationId);
      const key = found?.quotation.pdf_key;
      if (!found || !key) return null;
      const { quotation, lines, request } = found;
      const owner = request.user_id === null ? undefined : await findUserById(deps.db, request.user_id);
      const validUntil = dateOnly(quotation.valid_until)!;
      const link = owner
        ? `${deps.config.appUrl}/account/quote-requests/${request.id}`
        : quotationLink(deps.config, { id: quotation.id, valid_until: validUntil });
      const pdf = await deps.storage.get(key);
      return {
        message: quotationSentMail({
          quotation,
          lines,
          request,
          totals: totalsOf(quotation, lines),
          link,
          pdf,
          business: deps.config.business,
          replyTo: deps.config.salesEmail,
        }),
      };
    },
  };
}
