import type { ReactNode } from 'react';
import styles from './notice.module.css';

/** Props of {@link Notice}. */
export interface NoticeProps {
  tone: 'success' | 'error';
  children?: ReactNode;
}

/**
 * A message banner that is always in the DOM (empty and hidden when there is nothing to say) so
 * screen readers announce it when text arrives: polite for success, assertive for errors.
 */
export function Notice({ tone, children }: NoticeProps) {
  return (
    <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
