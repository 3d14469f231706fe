import { Link } from 'react-router-dom';
import { cx } from '../../components/cx.ts';
import { contentPageHandle } from '../../lib/page-data.ts';
import styles from './pages.module.css';

/** The terms page's head. */
export const handle = contentPageHandle({
  title: 'Terms & Conditions',
  description: 'Trade terms and conditions of sale of Hothfield Nurseries: supplied with each quotation and on request.',
  breadcrumbs: [{ name: 'Terms & Conditions', path: '/terms' }],
});

/** Terms & Conditions: the terms themselves are not published (spec), so say how to get them. */
export function TermsPage() {
  return (
    <div className={cx('container', styles.section, styles.narrow)}>
      <h1>Terms &amp; Conditions</h1>
      <p className={styles.lead}>
        Our trade terms and conditions of sale are supplied with each quotation, and a copy is available on request.
      </p>
      <p>
        If you would like a copy before placing an order, or have any question about them, please <Link to="/contact">contact us</Link> and
        we will be happy to help.
      </p>
    </div>
  );
}
