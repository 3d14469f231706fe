import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks.ts';
import { reloadUser } from '../../lib/session/session-api.ts';
import { selectCurrentUser } from '../../lib/session/session.ts';
import { ConfirmButton } from '../../components/confirm-button.tsx';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { usePageMeta } from '../../components/page-meta.ts';
import { useDisableTwoFactorMutation, useEnableTwoFactorMutation, useRegenerateRecoveryCodesMutation } from './api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { twoFactorError } from './two-factor-errors.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';
import styles from './account.module.css';

/**
 * Two-factor settings, a small state machine (spec §4): off → Activate → setup (QR code, setup
 * key, first code) → on, where the recovery codes can be shown or regenerated and two-factor
 * deactivated after a confirmation. "On" is the server's word (the user's `two_factor`), so it
 * is always reloaded after a change. Any call may answer 423: the base query takes the user to
 * ConfirmPassword, which brings them back here.
 */
export function TwoFactorPage() {
  usePageMeta('Two Factor Authentication', 'Protect your Hothfield Nurseries account with codes from an authenticator app.');
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const [settingUp, setSettingUp] = useState(false);
  const [showCodes, setShowCodes] = useState(false);
  const [error, setError] = useState('');
  const [enable, enabling] = useEnableTwoFactorMutation();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const enabled = user?.two_factor === true;
  const busy = enabling.isLoading || disabling.isLoading || regenerating.isLoading;

  /** Runs one call, showing its failure in red (a 423 shows nothing: we are leaving). */
  const attempt = async (call: () => Promise<unknown>) => {
    setError('');
    try {
      await call();
    } catch (failure) {
      setError(twoFactorError(failure));
    }
  };

  const activate = () =>
    attempt(async () => {
      await enable().unwrap();
      setSettingUp(true);
    });

  const deactivate = () =>
    attempt(async () => {
      await disable().unwrap();
      setShowCodes(false);
      await dispatch(reloadUser());
    });

  const regenerateCodes = () =>
    attempt(async () => {
      await regenerate().unwrap();
      setShowCodes(true);
    });

  return (
    <>
      <h1>Two Factor Authentication</h1>
      <section className={styles.panel}>
        {enabled ? (
          <>
            <p className={styles.status}>You have enabled two factor authentication.</p>
            <p>When you log in, you will be asked for a code from your phone’s authenticator application as well as your password.</p>
            {showCodes && <RecoveryCodes />}
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} aria-expanded={showCodes} onClick={() => setShowCodes(!showCodes)}>
                {showCodes ? 'Hide Recovery Codes' : 'Show Recovery Codes'}
              </button>
              <button type="button" className={styles.secondary} disabled={busy} onClick={regenerateCodes}>
                Regenerate Recovery Codes
              </button>
              <ConfirmButton
                disabled={busy}
                onConfirm={deactivate}
                question="Deactivate two-factor authentication on your account?"
                detail="You will log in with your password alone until you enable it again."
              >
                Deactivate
              </ConfirmButton>
            </div>
          </>
        ) : settingUp ? (
          <TwoFactorSetup
            onConfirmed={() => {
              setSettingUp(false);
              setShowCodes(true);
            }}
          />
        ) : (
          <>
            <p className={styles.status}>You have not enabled two factor authentication.</p>
            <p>
              Two factor authentication adds a second step to logging in: a code from an authenticator application on your phone, such as
              Google Authenticator, Microsoft Authenticator or 1Password. Nobody can sign in with your password alone.
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.primary} disabled={busy} onClick={activate}>
                Activate
              </button>
              {enabling.isLoading && <Loading inline showLabel label="Activating…" />}
            </div>
          </>
        )}
        <Notice tone="error">{error}</Notice>
      </section>
    </>
  );
}
