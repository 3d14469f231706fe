import { useEffect } from 'react';
import type { PageHandle } from '../../lib/page-handle.ts';
import { addressLines, openingHoursRows, siteApi, useGetSiteQuery } from '../../lib/api/site-api.ts';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import { Widget } from '../../components/widget.tsx';
import { widgetApi } from '../../lib/api/widget-api.ts';
import styles from './pages.module.css';
import find from './find-page.module.css';

/** The page's widgets: the directions copy and the map picture. */
const TEXT = 'FindText';
const MAP = 'FindImage';
/**
 * How wide the map is shown (pages.module.css .columns in a 1140px container): about a third of
 * the row beside the directions on wide screens, the full width once the columns stack.
 */
const MAP_SIZES = '(min-width: 74rem) 30rem, (min-width: 46rem) calc(33vw + 6rem), 100vw';
const FALLBACK_DESCRIPTION = 'Directions to Hothfield Nurseries at Hothfield, near Ashford, Kent TN26 1AR.';

/** Server render: the widgets and business details the page shows; head: title, description, trail. */
export const handle: PageHandle = {
  prefetch: (_page, dispatch) => [
    dispatch(widgetApi.endpoints.getWidgetByName.initiate(TEXT)),
    dispatch(widgetApi.endpoints.getWidgetByName.initiate(MAP)),
    dispatch(siteApi.endpoints.getSite.initiate()),
  ],
  meta: (_page, state) => {
    const site = siteApi.endpoints.getSite.select()(state).data;
    return {
      title: 'How To Find Us',
      description: site
        ? `Directions and opening hours for ${site.shortName}, ${addressLines(site.address).join(', ')}.`
        : FALLBACK_DESCRIPTION,
      breadcrumbs: [{ name: 'How to find us', path: '/find' }],
    };
  },
};

/**
 * How To Find Us: directions (FindText) beside the map picture (FindImage), a "Get directions"
 * link to a maps service and the opening hours, both from the configured business details.
 */
export function FindPage() {
  const { data: site, error } = useGetSiteQuery();

  useEffect(() => {
    if (error) console.error('Business details could not be loaded', error);
  }, [error]);

  const hours = openingHoursRows(site?.openingHours);
  return (
    <div className={cx('container', styles.section)}>
      <h1 className="visually-hidden">How to find us</h1>
      <div className={styles.columns}>
        <Widget name={TEXT} />
        <div>
          <Widget name={MAP} sizes={MAP_SIZES} />
          {site && (
            <section className={find.visit} aria-labelledby="find-visit-heading">
              <h2 id="find-visit-heading" className="visually-hidden">
                Visiting the nursery
              </h2>
              {/* Opens in the same tab: the visitor comes back with Back, and phones hand it to the maps app. */}
              <a className={buttons.primary} href={site.directionsUrl} rel="noopener">
                Get directions
              </a>
              {hours.length > 0 && (
                <>
                  <h3>Opening hours</h3>
                  <dl className={find.hours}>
                    {hours.map((row) => (
                      <div key={row.days}>
                        <dt>{row.days}</dt>
                        <dd>{row.times}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
