import { Link } from 'react-router-dom';
import styles from './logo.module.css';

/** The leaf mark alone (also the favicon's drawing), decorative: the wordmark names the site. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2f5d34" />
      <path d="M32 8c11 7 17 16 17 26 0 9-7 16-17 16S15 43 15 34c0-10 6-19 17-26z" fill="#f3efe6" />
      <path d="M32 17v39M32 31l-8-7M32 38l9-8M32 45l-7-6" stroke="#2f5d34" strokeWidth="3" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/** The header logo: leaf mark plus "Hothfield Nurseries" wordmark, linking home. */
export function Logo() {
  return (
    <Link to="/" className={styles.logo}>
      <LogoMark className={styles.mark} />
      <span className={styles.words}>
        <span className={styles.name}>Hothfield</span>
        <span className={styles.tagline}>Nurseries</span>
      </span>
      <span className="visually-hidden">, home page</span>
    </Link>
  );
}
