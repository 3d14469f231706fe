import { Link } from 'react-router-dom';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import { contentPageHandle } from '../../lib/page-data.ts';
import styles from './pages.module.css';

/** The 404 page's head: not indexed, answered with status 404. */
export const handle = contentPageHandle({
  title: 'Page Not Found',
  description: 'The page you asked for could not be found on the Hothfield Nurseries website.',
  notFound: true,
});

/** Any unknown path (the server already answered it with status 404). */
export function NotFoundPage() {
  return (
    <div className={cx('container', styles.section, styles.narrow)}>
      <h1>Error 404, Page Not Found</h1>
      <p className={styles.lead}>Sorry, we could not find that page. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/" className={buttons.primary}>
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
