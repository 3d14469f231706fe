import type { ReactNode } from 'react';
import { usePageMeta } from '../../../components/page-meta.ts';
import styles from './admin.module.css';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: string;
  /** Buttons or links beside the title (Add…, Go Back). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** An admin page's heading row; also sets the document title. */
export function PageHeader({ title, actions, children }: PageHeaderProps) {
  usePageMeta(`${title} · Admin`, 'Hothfield Nurseries administration.');
  return (
    <div className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {actions && <div className={styles.actions}>{actions}</div>}
      {children}
    </div>
  );
}
