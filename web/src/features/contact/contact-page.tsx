import type { PageHandle } from '../../lib/page-handle.ts';
import { cx } from '../../components/cx.ts';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';
import styles from './contact-page.module.css';

/** Contact: the business details beside the message form. */
export function ContactPage() {
  return (
    <div className={cx('container', styles.page)}>
      <h1>Contact Us</h1>
      <p className={styles.lead}>
        For availability, quotations and trade enquiries, call us or send a message and we will get back to you.
      </p>
      <div className={styles.grid}>
        <ContactDetails />
        <ContactForm />
      </div>
    </div>
  );
}

/** No page data of its own: the business details are the layout's site info, prefetched by the server. */
export const handle: PageHandle = {
  meta: () => ({
    title: 'Contact',
    description: 'Contact Hothfield Nurseries for trade enquiries, availability and quotations: telephone, email or send us a message.',
    breadcrumbs: [{ name: 'Contact', path: '/contact' }],
  }),
};
