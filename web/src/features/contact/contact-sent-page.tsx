import { Link } from 'react-router-dom';
import type { PageHandle } from '../../lib/page-handle.ts';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import styles from './contact-sent-page.module.css';

/**
 * Where a contact message sent without JavaScript lands (POST /contact answers 303 here), so a
 * reload or Back cannot send it twice. Static: renders the same on the server and the client.
 */
export function ContactSentPage() {
  return (
    <div className={cx('container', styles.page)}>
      <h1>Thank you – your message was sent</h1>
      <p className={styles.lead}>We have your message and will get back to you as soon as we can.</p>
      <p className={styles.links}>
        <Link to="/" className={buttons.primary}>
          Home
        </Link>
        <Link to="/catalogue" className={buttons.secondary}>
          Catalogue
        </Link>
      </p>
    </div>
  );
}

/** Meta of the thank-you page; a landing page of a form post, so no breadcrumb beyond Contact. */
export const handle: PageHandle = {
  meta: () => ({
    title: 'Message sent',
    description: 'Your message to Hothfield Nurseries was sent. We will get back to you as soon as we can.',
    breadcrumbs: [
      { name: 'Contact', path: '/contact' },
      { name: 'Message sent', path: '/contact/sent' },
    ],
  }),
};
