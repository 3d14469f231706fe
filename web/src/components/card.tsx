import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import styles from './card.module.css';

/** Props of {@link Card}. */
export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title, so a card fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** Shown edge to edge above the body (an <img> or <picture>). */
  media?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A white panel with an optional image, title and footer. */
export function Card({ title, headingLevel = 2, media, footer, children, className }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.card, className)}>
      {media && <div className={styles.media}>{media}</div>}
      <div className={styles.body}>
        {title && <Heading className={styles.title}>{title}</Heading>}
        {children}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
