import { cx } from './cx.ts';
import styles from './loading.module.css';

/** Props of {@link Loading}. */
export interface LoadingProps {
  /** Read by screen readers, and shown beside the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  /** Small, inside a line of text or a button. */
  inline?: boolean;
  /** Tall, centred: the app's boot screen and page-level waits. */
  fullPage?: boolean;
}

/** An accessible spinner: a polite live region with a text label. */
export function Loading({ label = 'Loading…', showLabel = false, inline = false, fullPage = false }: LoadingProps) {
  return (
    <span role="status" className={cx(styles.loading, inline && styles.inline, fullPage && styles.fullPage)}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </span>
  );
}
