import { Link } from 'react-router-dom';
import styles from './inbox.module.css';

/** One choice of a {@link SegmentedLinks} bar. */
export interface Segment {
  label: string;
  /** Where the choice leads (a URL, so the choice survives reload and Back). */
  to: string;
  current: boolean;
}

/** A row of links that works like a segmented control; the current one carries aria-current. */
export function SegmentedLinks({ label, segments }: { label: string; segments: Segment[] }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.segments}>
        {segments.map((segment) => (
          <li key={segment.label}>
            <Link to={segment.to} className={styles.segment} aria-current={segment.current ? 'page' : undefined}>
              {segment.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
