import { addressLines, telHref, useGetSiteQuery } from '../../lib/api/site-api.ts';
import { SITE_NAME } from '../../components/page-meta.ts';
import { cx } from '../../components/cx.ts';
import { useRouteLinkClicks } from '../../components/route-link-clicks.ts';
import { footerNav } from './nav-items.ts';
import { PlantPassportBadge } from './plant-passport-badge.tsx';
import styles from './site-footer.module.css';

/** Read once: a page left open over New Year may show last year, which is harmless. */
const YEAR = new Date().getFullYear();

/**
 * Business name, telephone, postal address, the policy links and the plant-health badge. Static
 * once rendered: its links are plain links that one click handler follows inside the app.
 */
export function SiteFooter() {
  const { data: site } = useGetSiteQuery();
  const followLink = useRouteLinkClicks();
  const name = site?.name ?? SITE_NAME;
  return (
    // The links inside are the controls (Enter on a link is a click); this only follows them in the app.
    <footer className={styles.footer} onClick={followLink}>
      <div className={cx('container', styles.grid)}>
        <section aria-labelledby="footer-business">
          <h2 id="footer-business" className={styles.heading}>
            {name}
          </h2>
          {site && (
            <>
              <address className={styles.address}>
                {addressLines(site.address).map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
              </address>
              {site.telephone && (
                <p>
                  Telephone: <a href={telHref(site.telephone)}>{site.telephone}</a>
                </p>
              )}
            </>
          )}
        </section>
        <nav aria-labelledby="footer-policies">
          <h2 id="footer-policies" className={styles.heading}>
            Policies
          </h2>
          <ul className={styles.links}>
            {footerNav.map((item) => (
              <li key={item.to}>
                <a href={item.to}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-plant-health">
          <h2 id="footer-plant-health" className={styles.heading}>
            Plant health
          </h2>
          <PlantPassportBadge number={site?.plantHealthNumber} />
        </section>
      </div>
      <div className={styles.legal}>
        <div className={cx('container', styles.legalInner)}>
          <p>
            © {YEAR} {name}
          </p>
          {site && (site.companyNumber || site.vatNumber) && (
            <p>
              {site.companyNumber && <>Registered in England &amp; Wales No. {site.companyNumber}</>}
              {site.companyNumber && site.vatNumber && ' · '}
              {site.vatNumber && <>VAT No. {site.vatNumber}</>}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
