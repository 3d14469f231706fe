import { useEffect } from 'react';
import { addressLines, telHref, useGetSiteQuery } from '../../lib/api/site-api.ts';
import { Loading } from '../../components/loading.tsx';
import styles from './contact-details.module.css';

/** Postal address, telephone, enquiries email, company and VAT numbers, from GET /api/site. */
export function ContactDetails() {
  const { data: site, error, isLoading } = useGetSiteQuery();

  useEffect(() => {
    if (error) console.error('Business details could not be loaded', error);
  }, [error]);

  return (
    <section className={styles.details} aria-labelledby="contact-details-heading">
      <h2 id="contact-details-heading">Our details</h2>
      {isLoading && <Loading label="Loading our details…" />}
      {site && (
        <>
          <address className={styles.address}>
            <span className={styles.name}>{site.name}</span>
            <br />
            {addressLines(site.address).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
          <dl className={styles.list}>
            {site.telephone && (
              <div>
                <dt>Telephone</dt>
                <dd>
                  <a href={telHref(site.telephone)}>{site.telephone}</a>
                </dd>
              </div>
            )}
            {site.email && (
              <div>
                <dt>Enquiries</dt>
                <dd>
                  <a href={`mailto:${site.email}`}>
                    <BreakableEmail email={site.email} />
                  </a>
                </dd>
              </div>
            )}
            {site.companyNumber && (
              <div>
                <dt>Company number</dt>
                <dd>{site.companyNumber}</dd>
              </div>
            )}
            {site.vatNumber && (
              <div>
                <dt>VAT number</dt>
                <dd>{site.vatNumber}</dd>
              </div>
            )}
          </dl>
        </>
      )}
    </section>
  );
}

/** The address with a line-break opportunity after the @, so a narrow phone splits it there. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
