import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAppDispatch } from '../../lib/hooks.ts';
import { reloadUser } from '../../lib/session/session-api.ts';
import { FormField } from '../../components/form-field.tsx';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { useConfirmTwoFactorMutation, useGetTwoFactorQrCodeQuery, useGetTwoFactorSecretKeyQuery } from './api.ts';
import { twoFactorError } from './two-factor-errors.ts';
import styles from './account.module.css';

/** Props of {@link TwoFactorSetup}. */
export interface TwoFactorSetupProps {
  /** Called once the code was accepted and the user (now `two_factor: true`) reloaded. */
  onConfirmed: () => void;
}

/** The setup key in groups of four, as authenticator apps print it (they ignore the spaces). */
const groupKey = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Step two of turning two-factor on: the QR code and setup key of the new secret, and a field
 * for the first code the app shows. The QR code is our server's SVG shown as an image (a data
 * URL), never injected as markup.
 */
export function TwoFactorSetup({ onConfirmed }: TwoFactorSetupProps) {
  const dispatch = useAppDispatch();
  const qr = useGetTwoFactorQrCodeQuery();
  const secret = useGetTwoFactorSecretKeyQuery();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [confirm, { isLoading }] = useConfirmTwoFactorMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await confirm(code.replace(/\s/g, '')).unwrap();
      await dispatch(reloadUser());
      onConfirmed();
    } catch (failure) {
      setError(twoFactorError(failure));
    }
  };

  const loadError = qr.error ?? secret.error;
  return (
    <>
      <p className={styles.status}>Finish enabling two factor authentication.</p>
      <p>
        To finish, scan the following QR code with your phone’s authenticator application (or enter the setup key), then enter the first
        6-digit code it shows.
      </p>
      <div className={styles.setup}>
        {qr.data ? (
          <img
            className={styles.qr}
            src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.data.svg)}`}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
          />
        ) : (
          <div className={styles.qrPlaceholder}>{qr.isLoading && <Loading label="Loading the QR code…" />}</div>
        )}
        <div>
          <p>
            Setup key:{' '}
            {secret.data ? (
              <code className={styles.key} data-setup-key={secret.data}>
                {groupKey(secret.data)}
              </code>
            ) : (
              secret.isLoading && <Loading inline label="Loading the setup key…" />
            )}
          </p>
          {qr.data?.url && (
            <p>
              On this phone? <a href={qr.data.url}>Open in your authenticator app</a>.
            </p>
          )}
        </div>
      </div>
      <Notice tone="error">{loadError ? twoFactorError(loadError) : ''}</Notice>
      <form onSubmit={submit}>
        <FormField label="Code" required>
          {(control) => (
            <input
              {...control}
              className={styles.codeInput}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </FormField>
        <Notice tone="error">{error}</Notice>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={isLoading}>
            Confirm
          </button>
          {isLoading && <Loading inline showLabel label="Checking…" />}
        </div>
      </form>
    </>
  );
}
