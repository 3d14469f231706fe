import { cx } from '../../components/cx.ts';
import { usePageMeta } from '../../components/page-meta.ts';
import { ContactDetails } from './contact-details.tsx';
import { ContactForm } from './contact-form.tsx';
import styles from './contact-page.module.css';

/** Contact: the business details beside the message form. */
export function ContactPage() {
  usePageMeta('Contact', 'Contact Hothfield Nurseries for trade enquiries, availability and quotations: telephone, email or send us a message.');
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
