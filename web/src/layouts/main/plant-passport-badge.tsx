import styles from './plant-passport-badge.module.css';

/** Props of {@link PlantPassportBadge}. */
export interface PlantPassportBadgeProps {
  /** The plant-health registration number; the badge shows without it while it loads. */
  number?: string;
}

/** The plant-health registration badge: "Registered Professional Operator — UK Plant Passport". */
export function PlantPassportBadge({ number }: PlantPassportBadgeProps) {
  return (
    <p className={styles.badge}>
      <svg className={styles.icon} viewBox="0 0 44 44" aria-hidden="true" focusable="false">
        <path d="M22 2l17 6v12c0 11-7.5 18.5-17 22C12.5 38.5 5 31 5 20V8z" fill="#2f5d34" />
        <path d="M22 10c6 4 9 8.5 9 13.5 0 5-4 8.5-9 8.5s-9-3.5-9-8.5C13 18.5 16 14 22 10z" fill="#f3efe6" />
        <path d="M22 15v21M22 24l-4-3.5M22 28l4.5-4" stroke="#2f5d34" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={styles.text}>
        <span className={styles.title}>Registered Professional Operator</span>
        <span>UK Plant Passport</span>
        {number && (
          <span className={styles.number}>
            <span className="visually-hidden">Registration number </span>
            {number}
          </span>
        )}
      </span>
    </p>
  );
}
