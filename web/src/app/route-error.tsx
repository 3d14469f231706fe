import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import buttons from '../components/button.module.css';
import { cx } from '../components/cx.ts';
import styles from './route-error.module.css';

/**
 * Shown in place of a page that failed to load or render. The usual cause is a deploy while the
 * tab was open (the old page chunk is gone), which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error('Page failed', error);
  return (
    <div className={cx('container', styles.error)}>
      <h1>Something went wrong</h1>
      <p>Sorry, this page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className={buttons.primary} onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
