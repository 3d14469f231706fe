import { UnrecoverableError } from 'bullmq';
import type { Deps } from '../../deps.ts';
import { decrypt, deriveKey } from '../../crypto.ts';
import { accountMails } from '../../mail/templates/account.ts';
import type { MailMessage } from '../../mail/transport.ts';
import { LOCKOUT_MINUTES, WRONG_CODES_PER_ACCOUNT } from './challenge-lockout.ts';
import { WRONG_PASSWORDS_PER_ACCOUNT } from './login-lockout.ts';
import { verificationUrl } from './verification.ts';
import { findUserById } from '../users/service.ts';
import { once } from '../../outbox/receipts.ts';
import type { JobMeta, JobPayloads } from '../../queue.ts';

/**
 * Account mails: loads the user by id and builds the message here, so the job holds no link or
 * address. The reset token arrives sealed with a mail-only key and is opened only to build the link.
 * Sent once per event (a receipt keyed by the event id), however often the job is delivered.
 */
export async function sendAccountMail(
  deps: Pick<Deps, 'db' | 'config' | 'mailer'>,
  job: JobPayloads['mail.send'],
  meta: Pick<JobMeta, 'eventId'> = {},
): Promise<void> {
  const user = await findUserById(deps.db, job.userId);
  if (!user) return; // deleted since: nothing to send
  const business = deps.config.business;
  let message: MailMessage;
  switch (job.template) {
    case 'verify-email':
      if (user.email_verified_at) return;
      message = accountMails.verifyEmail(business, user, verificationUrl(deps.config, user));
      break;
    case 'reset-password': {
      const sealed = job.params?.token;
      if (!sealed) throw new UnrecoverableError('reset-password mail without a token');
      const token = decrypt(deriveKey(deps.config.appKey, 'mail-job'), sealed);
      const url = `${deps.config.appUrl}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`;
      message = accountMails.resetPassword(business, user, url);
      break;
    }
    case 'password-changed':
      message = accountMails.passwordChanged(business, user);
      break;
    case 'two-factor-enabled':
      message = accountMails.twoFactorEnabled(business, user);
      break;
    case 'two-factor-disabled':
      message = accountMails.twoFactorDisabled(business, user);
      break;
    case 'two-factor-lockout':
      message = accountMails.twoFactorLockout(business, user, WRONG_CODES_PER_ACCOUNT, LOCKOUT_MINUTES);
      break;
    case 'login-lockout': {
      const minutes = Number(job.params?.minutes);
      if (!Number.isInteger(minutes) || minutes < 1) throw new UnrecoverableError('login-lockout mail without its minutes');
      message = accountMails.loginLockout(business, user, WRONG_PASSWORDS_PER_ACCOUNT, minutes);
      break;
    }
    default:
      throw new UnrecoverableError(`Unknown mail template ${job.template}`);
  }
  await once(deps.db, meta.eventId ? `mail.send:${meta.eventId}` : undefined, async () => {
    await deps.mailer.send(message);
  });
}
