import { NavLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import styles from './header-pill.module.css';

/** Props of {@link HeaderPill}. */
export interface HeaderPillProps {
  to: string;
  /** The icon's shapes, drawn on a 24×24 grid in currentColor. */
  icon: ReactNode;
  /** The words; shown beside the icon, read out only on a small phone. */
  text: string;
  /** A name that says more than the words (the plant list's count), when there is one. */
  label?: string;
  /** A badge after the words (stays on a phone). */
  children?: ReactNode;
}

/** A rounded link of the site header: an icon, its words and an optional badge; current when its page is. */
export function HeaderPill({ to, icon, text, label, children }: HeaderPillProps) {
  return (
    <NavLink className={styles.pill} to={to} aria-label={label}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {icon}
      </svg>
      <span className={styles.text}>{text}</span>
      {children}
    </NavLink>
  );
}
