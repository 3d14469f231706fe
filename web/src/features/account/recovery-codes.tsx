import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { useGetRecoveryCodesQuery } from './api.ts';
import { twoFactorError } from './two-factor-errors.ts';
import styles from './account.module.css';

/** The current recovery codes (GET, never cached once hidden). */
export function RecoveryCodes() {
  const { data: codes, error, isFetching } = useGetRecoveryCodesQuery();
  if (error) return <Notice tone="error">{twoFactorError(error)}</Notice>;
  if (!codes) return <Loading label="Loading recovery codes…" />;
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
    </section>
  );
}
