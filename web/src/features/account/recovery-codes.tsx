import { useState } from 'react';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { useGetRecoveryCodesQuery } from './api.ts';
import { downloadText, RECOVERY_CODES_FILE, recoveryCodesText } from './recovery-codes-file.ts';
import { twoFactorError } from './two-factor-errors.ts';
import styles from './account.module.css';

/** The current recovery codes (GET, never cached once hidden), with Copy and Download as a .txt file. */
export function RecoveryCodes() {
  const { data: codes, error, isFetching } = useGetRecoveryCodesQuery();
  const [copied, setCopied] = useState('');
  if (error) return <Notice tone="error">{twoFactorError(error)}</Notice>;
  if (!codes) return <Loading label="Loading recovery codes…" />;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      setCopied('Recovery codes copied.');
    } catch (failure) {
      // No clipboard permission (or no secure context): the codes are on screen to select by hand.
      console.error('Copying recovery codes failed', failure);
      setCopied('They could not be copied here: select the codes and copy them, or download them.');
    }
  };

  return (
    <section aria-labelledby="recovery-codes-heading" aria-busy={isFetching}>
      <h2 id="recovery-codes-heading">Recovery codes</h2>
      <p>
        Store these recovery codes in a secure password manager. Each one lets you log in once if your two factor authentication device is
        lost.
      </p>
      <ul className={styles.codes}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={() => void copy()}>
          Copy Codes
        </button>
        <button type="button" className={styles.secondary} onClick={() => downloadText(RECOVERY_CODES_FILE, recoveryCodesText(codes))}>
          Download Codes (.txt)
        </button>
        <p className={styles.copied} role="status">
          {copied}
        </p>
      </div>
    </section>
  );
}
