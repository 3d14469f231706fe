import type { ReactNode } from 'react';
import { cx } from '../../components/cx.ts';
import styles from './auth.module.css';

/** Props of {@link AuthPanel}. */
export interface AuthPanelProps {
  title: string;
  /** A short line under the title saying what this screen is for. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links to the neighbouring screens, under a rule. */
  links?: ReactNode;
  /** Room for two fields side by side (Register). */
  wide?: boolean;
}

/** The frame of every sign-in screen: a centred white panel with the page's one h1. */
export function AuthPanel({ title, intro, children, links, wide }: AuthPanelProps) {
  return (
    <div className={cx('container', styles.page)}>
      <section className={cx(styles.panel, wide && styles.wide)} aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
        {links && <div className={styles.links}>{links}</div>}
      </section>
    </div>
  );
}
