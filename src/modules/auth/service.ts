import type { Trx } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { hashToken, randomToken, encrypt, deriveKey } from '../../crypto.ts';
import { notFound, validationError } from '../../errors.ts';
import { createUser, emailTaken, endOtherSessions, findUserByEmail, findUserById, updateUser, type User } from '../users/service.ts';
import { hashPassword, verifyPassword } from '../../passwords.ts';
import { matchTotp, newRecoveryCode, newRecoveryCodes, newTwoFactorSecret, twoFactorCipher, twoFactorQrCode } from './two-factor.ts';

/** Account events whose payload is just the user (each sends one account mail, src/subscribers.ts). */
type AccountEvent = 'user.registered' | 'user.password_changed' | 'user.two_factor_enabled';

/** Reset links last 60 minutes (contract). */
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const invalidCredentials = () => validationError({ email: ['These credentials do not match our records.'] });
const invalidCode = () => validationError({ code: ['The provided two factor authentication code was invalid.'] });
const invalidRecoveryCode = () => validationError({ recovery_code: ['The provided two factor recovery code was invalid.'] });

/**
 * Account logic behind the Fortify-compatible routes. Routes handle HTTP and sessions; this owns
 * the rules: hashing, tokens, 2FA secrets (encrypted at rest), and which mail goes out when.
 */
export function authService(deps: Pick<Deps, 'db' | 'config' | 'events' | 'log'>) {
  const cipher = twoFactorCipher(deps.config.appKey);
  const mailKey = deriveKey(deps.config.appKey, 'mail-job');
  /** Runs a change and records its event in one transaction: the mail it sends comes with it or not at all. */
  const withEvent = <T>(change: (trx: Trx) => Promise<T>, event: AccountEvent, userId: (result: T) => number) =>
    deps.db.transaction(async (trx) => {
      const result = await change(trx);
      await deps.events.record(trx, event, { userId: userId(result) });
      return result;
    });

  return {
    async register(input: { firstname: string; lastname: string; email: string; password: string }): Promise<User> {
      if (await emailTaken(deps.db, input.email)) throw validationError({ email: ['The email has already been taken.'] });
      return withEvent(
        (trx) => createUser(trx, { ...input, role: 'user' }),
        'user.registered',
        (user) => user.id,
      );
    },

    /** The user whose credentials these are, or a 422 with Fortify's message. */
    async checkCredentials(email: string, password: string): Promise<User> {
      const user = await findUserByEmail(deps.db, email);
      const ok = await verifyPassword(user?.password_hash, password);
      if (!user || !ok) throw invalidCredentials();
      return user;
    },

    hasTwoFactor: (user: User) => Boolean(user.two_factor_confirmed_at && user.two_factor_secret),

    /**
     * Completes a two-factor challenge with a TOTP code (each time step usable once) or a
     * recovery code (single use; replaced by a fresh one, as Fortify does).
     */
    async completeChallenge(userId: number, code: string | undefined, recoveryCode: string | undefined): Promise<User> {
      return deps.db.transaction(async (trx) => {
        const user = await findUserById(trx, userId, { lock: true });
        if (!user?.two_factor_secret) throw invalidCode();
        if (code && /^\d{6}$/.test(code)) {
          const step = await matchTotp(cipher.open(user.two_factor_secret), code);
          if (step === undefined || (user.two_factor_last_step !== null && Number(user.two_factor_last_step) >= step)) throw invalidCode();
          await updateUser(trx, userId, { two_factor_last_step: step });
          return user;
        }
        const given = (recoveryCode ?? code ?? '').trim();
        const codes = cipher.openCodes(user.two_factor_recovery_codes);
        const index = given ? codes.indexOf(given) : -1;
        if (index < 0) throw code && !recoveryCode ? invalidCode() : invalidRecoveryCode();
        codes[index] = newRecoveryCode();
        await updateUser(trx, userId, { two_factor_recovery_codes: cipher.sealCodes(codes) });
        return user;
      });
    },

    /** Tells the holder of the account with this address (if any) that its password is being guessed. */
    async notifyLoginLockout(email: string, minutes: number): Promise<void> {
      const user = await findUserByEmail(deps.db, email);
      if (user) await deps.events.record(deps.db, 'user.login_locked', { userId: user.id, minutes });
    },

    /** Tells the account holder that someone who knows the password is guessing 2FA codes. */
    notifyTwoFactorLockout: (userId: number) => deps.events.record(deps.db, 'user.two_factor_locked', { userId }),

    /** Queues a reset link unless one went to this address in the last minute. Silent either way. */
    async sendResetLink(email: string): Promise<void> {
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      const recent = await deps
        .db('password_reset_tokens')
        .where({ user_id: user.id })
        .where('created_at', '>', new Date(Date.now() - 60_000))
        .first('id');
      if (recent) return;
      const token = randomToken();
      await deps.db.transaction(async (trx) => {
        await trx('password_reset_tokens').insert({ user_id: user.id, token_hash: hashToken(token) });
        // The event (and so the job) carries the token sealed with a mail-only key, never in the clear (rule 4).
        await deps.events.record(trx, 'user.password_reset_requested', { userId: user.id, token: encrypt(mailKey, token) });
      });
    },

    /** Resets a password with a single-use token younger than 60 minutes; ends every session. */
    async resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
      const invalid = () => validationError({ email: ['This password reset token is invalid.'] });
      const user = await findUserByEmail(deps.db, input.email);
      if (!user) throw invalid();
      await deps.db.transaction(async (trx) => {
        const used = await trx('password_reset_tokens')
          .where({ user_id: user.id, token_hash: hashToken(input.token) })
          .whereNull('used_at')
          .where('created_at', '>', new Date(Date.now() - RESET_TOKEN_TTL_MS))
          .update({ used_at: new Date() }, ['id']);
        if (!used.length) throw invalid();
        await trx('password_reset_tokens').where({ user_id: user.id }).whereNull('used_at').delete();
        await updateUser(trx, user.id, { password_hash: await hashPassword(input.password), remember_token_hash: null });
        await deps.events.record(trx, 'user.password_changed', { userId: user.id });
      });
      await endOtherSessions(deps, user.id);
    },

    async confirmPassword(user: User, password: string): Promise<void> {
      if (!(await verifyPassword(user.password_hash, password))) {
        throw validationError({ password: ['The provided password was incorrect.'] });
      }
    },

    /** Changes the password; other sessions and remember tokens end, this session stays. */
    async updatePassword(
      user: User,
      input: { current_password: string; password: string },
      keepSessionId: string | undefined,
    ): Promise<void> {
      if (!(await verifyPassword(user.password_hash, input.current_password))) {
        throw validationError({ current_password: ['The provided password does not match your current password.'] });
      }
      const passwordHash = await hashPassword(input.password);
      await withEvent(
        async (trx) => {
          await updateUser(trx, user.id, { password_hash: passwordHash, remember_token_hash: null });
        },
        'user.password_changed',
        () => user.id,
      );
      await endOtherSessions(deps, user.id, keepSessionId);
    },

    /** Updates names and email; a new email must be verified again. */
    async updateProfile(user: User, input: { firstname: string; lastname: string; email: string }): Promise<User> {
      if (await emailTaken(deps.db, input.email, user.id)) throw validationError({ email: ['The email has already been taken.'] });
      const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
      return deps.db.transaction(async (trx) => {
        const updated = await updateUser(trx, user.id, { ...input, ...(emailChanged ? { email_verified_at: null } : {}) });
        if (!updated) throw notFound(); // deleted by an admin meanwhile
        if (emailChanged) await deps.events.record(trx, 'user.email_changed', { userId: user.id });
        return updated;
      });
    },

    /** Starts 2FA setup: a new secret and codes, not active until a code is confirmed. */
    async enableTwoFactor(user: User): Promise<void> {
      if (user.two_factor_confirmed_at) return;
      await updateUser(deps.db, user.id, {
        two_factor_secret: cipher.seal(newTwoFactorSecret()),
        two_factor_recovery_codes: cipher.sealCodes(newRecoveryCodes()),
        two_factor_confirmed_at: null,
        two_factor_last_step: null,
      });
    },

    async confirmTwoFactor(user: User, code: string): Promise<void> {
      if (!user.two_factor_secret) throw invalidCode();
      const step = await matchTotp(cipher.open(user.two_factor_secret), code);
      if (step === undefined) throw invalidCode();
      await withEvent(
        async (trx) => {
          await updateUser(trx, user.id, { two_factor_confirmed_at: new Date(), two_factor_last_step: step });
        },
        'user.two_factor_enabled',
        () => user.id,
      );
    },

    async disableTwoFactor(user: User): Promise<void> {
      const wasOn = Boolean(user.two_factor_confirmed_at);
      await deps.db.transaction(async (trx) => {
        await updateUser(trx, user.id, {
          two_factor_secret: null,
          two_factor_recovery_codes: null,
          two_factor_confirmed_at: null,
          two_factor_last_step: null,
        });
        if (wasOn) await deps.events.record(trx, 'user.two_factor_disabled', { userId: user.id });
      });
    },

    /** QR code and URL, or undefined when there is no secret. */
    async qrCode(user: User) {
      if (!user.two_factor_secret) return undefined;
      return twoFactorQrCode(cipher.open(user.two_factor_secret), deps.config.business.shortName, user.email);
    },

    secretKey: (user: User) => (user.two_factor_secret ? cipher.open(user.two_factor_secret) : undefined),
    recoveryCodes: (user: User) => cipher.openCodes(user.two_factor_recovery_codes),

    async regenerateRecoveryCodes(user: User): Promise<string[]> {
      const codes = newRecoveryCodes();
      await updateUser(deps.db, user.id, { two_factor_recovery_codes: cipher.sealCodes(codes) });
      return codes;
    },

    async markVerified(user: User): Promise<void> {
      if (!user.email_verified_at) await updateUser(deps.db, user.id, { email_verified_at: new Date() });
    },

    resendVerification: (user: User) => deps.events.record(deps.db, 'user.verification_requested', { userId: user.id }),
  };
}
export type AuthService = ReturnType<typeof authService>;
