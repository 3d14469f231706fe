import type { Deps } from '../../deps.ts';
import type { MailDraft, MailParams } from '../../mail/kinds.ts';
import { build } from '../../mail/templates/account.ts';
import type { MailMessage } from '../../mail/transport.ts';
import { findHistoryEntry } from './history.ts';
import { findApplicationWithUser } from './service.ts';

/**
 * Mails the buyer a staff action on their trade account (suspended, reinstated, revoked). Loads the
 * history step by id, so the mail says what was done then and why, whatever happened since; every
 * user-given value (names, company, reason) is escaped by `build`. Replies go to the sales office,
 * not to the no-reply sender. Mail kind `trade.account`, one per step.
 */
export async function buildTradeAccountMail(
  deps: Pick<Deps, 'db' | 'config'>,
  { historyId }: MailParams['trade.account'],
): Promise<MailDraft | null> {
  const step = await findHistoryEntry(deps.db, historyId);
  const app = step && (await findApplicationWithUser(deps.db, step.application_id));
  if (!step || !app) return null; // the account (or the buyer) was deleted since
  const { business } = deps.config;
  const to = { firstname: app.user_firstname, email: app.user_email };
  const note = step.reason ? [`Our reason: ${step.reason}`] : [];
  const questions = `If you have questions, reply to this email or call us on ${business.telephone}.`;
  let message: MailMessage;
  switch (step.action) {
    case 'suspended':
      message = build(business, to, 'Your trade account is suspended', [
        `We have suspended the trade account for ${app.company_name}.`,
        'While it is suspended, the catalogue shows you no trade prices or availability and your price list cannot be downloaded. Your plant list and quote requests are kept.',
        ...note,
        questions,
      ]);
      break;
    case 'reinstated':
      message = build(
        business,
        to,
        'Your trade account is active again',
        [
          `The trade account for ${app.company_name} is active again.`,
          'When you are signed in, the catalogue shows your trade prices and availability again, and you can download your price list.',
          ...(step.reason ? [`Our note: ${step.reason}`] : []),
        ],
        { url: `${deps.config.appUrl}/catalogue`, label: 'Open the catalogue' },
      );
      break;
    case 'revoked':
      message = build(business, to, 'Your trade account is closed', [
        `We have closed the trade account for ${app.company_name}: the catalogue no longer shows you trade prices or availability.`,
        ...note,
        'Your plant list and quote requests are kept. You may apply for a trade account again from your account page.',
        questions,
      ]);
      break;
    default:
      return null; // applications and decisions have mails of their own
  }
  return { message: { ...message, replyTo: deps.config.enquiriesTo } };
}
