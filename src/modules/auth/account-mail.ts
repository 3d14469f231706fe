import type { Deps } from '../../deps.ts';
import { decrypt, deriveKey } from '../../crypto.ts';
import type { MailBuilder } from '../../mail/kinds.ts';
import { accountMails } from '../../mail/templates/account.ts';
import type { MailMessage } from '../../mail/transport.ts';
import { LOCKOUT_MINUTES, WRONG_CODES_PER_ACCOUNT } from './challenge-lockout.ts';
import { WRONG_PASSWORDS_PER_ACCOUNT } from './login-lockout.ts';
import { verificationUrl } from './verification.ts';
import { findUserById, type User } from '../users/service.ts';

type AccountMailDeps = Pick<Deps, 'db' | 'config'>;
type AccountKind =
  | 'account.verify-email'
  | 'account.reset-password'
  | 'account.password-changed'
  | 'account.two-factor-enabled'
  | 'account.two-factor-disabled'
  | 'account.two-factor-lockout'
  | 'account.login-lockout';

/**
 * The account mails' builders: each loads the user by id when the mail is sent, so the row holds
 * no link or address. Nothing is sent to a user deleted since, nor a verification link to an
 * address verified since. The reset token arrives sealed with a mail-only key and is opened only to
 * build the link.
 */
export function accountMailBuilders(deps: AccountMailDeps): { [K in AccountKind]: MailBuilder<K> } {
  const business = deps.config.business;
  const toUser =
    (build: (user: User) => MailMessage | null) =>
    async ({ userId }: { userId: number }) => {
      const user = await findUserById(deps.db, userId);
      const message = user ? build(user) : null;
      return message ? { message } : null;
    };
  return {
    'account.verify-email': toUser((user) =>
      user.email_verified_at ? null : accountMails.verifyEmail(business, user, verificationUrl(deps.config, user)),
    ),
    'account.reset-password': async ({ userId, token: sealed }) => {
      const token = decrypt(deriveKey(deps.config.appKey, 'mail-job'), sealed);
      return toUser((user) =>
        accountMails.resetPassword(
          business,
          user,
          `${deps.config.appUrl}/reset-password/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`,
        ),
      )({ userId });
    },
    'account.password-changed': toUser((user) => accountMails.passwordChanged(business, user)),
    'account.two-factor-enabled': toUser((user) => accountMails.twoFactorEnabled(business, user)),
    'account.two-factor-disabled': toUser((user) => accountMails.twoFactorDisabled(business, user)),
    'account.two-factor-lockout': toUser((user) => accountMails.twoFactorLockout(business, user, WRONG_CODES_PER_ACCOUNT, LOCKOUT_MINUTES)),
    'account.login-lockout': ({ userId, minutes }) =>
      toUser((user) => accountMails.loginLockout(business, user, WRONG_PASSWORDS_PER_ACCOUNT, minutes))({ userId }),
  };
}
