import type { Deps } from '../../deps.ts';
import type { MailDraft, MailParams } from '../../mail/kinds.ts';
import { build } from '../../mail/templates/account.ts';
import { findApplicationWithUser } from './service.ts';

/**
 * Mails the buyer the staff's decision on their trade application. Loads the application by id, so
 * the mail says what is stored now; every user-given value (names, company, reason) is escaped by
 * `build`. Mail kind `trade.decision`, one per decision.
 */
export async function buildTradeDecisionMail(
  deps: Pick<Deps, 'db' | 'config'>,
  { applicationId }: MailParams['trade.decision'],
): Promise<MailDraft | null> {
  const app = await findApplicationWithUser(deps.db, applicationId);
  if (!app || app.status === 'pending') return null; // deleted since, or nothing decided
  const to = { firstname: app.user_firstname, email: app.user_email };
  const business = deps.config.business;
  const message =
    app.status === 'approved'
      ? build(
          business,
          to,
          'Your trade account is approved',
          [
            `Your trade account for ${app.company_name} is approved.`,
            'When you are signed in, the catalogue now shows your trade prices and availability, and you can download your own price list.',
          ],
          { url: `${deps.config.appUrl}/catalogue`, label: 'Open the catalogue' },
        )
      : build(business, to, 'Your trade account application', [
          `We are sorry: we could not approve the trade account application for ${app.company_name}.`,
          ...(app.reason ? [`Our note: ${app.reason}`] : []),
          `If you have questions, call us on ${business.telephone}.`,
        ]);
  return { message };
}
