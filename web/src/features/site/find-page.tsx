import { cx } from '../../components/cx.ts';
import { usePageMeta } from '../../components/page-meta.ts';
import { Widget } from '../../components/widget.tsx';
import styles from './pages.module.css';

/** How To Find Us: directions (FindText) beside the map picture (FindImage). */
export function FindPage() {
  usePageMeta('How To Find Us', 'Directions to Hothfield Nurseries at Hothfield, near Ashford, Kent TN26 1AR.');
  return (
    <div className={cx('container', styles.section)}>
      <h1 className="visually-hidden">How to find us</h1>
      <div className={styles.columns}>
        <Widget name="FindText" />
        <Widget name="FindImage" />
      </div>
    </div>
  );
}
