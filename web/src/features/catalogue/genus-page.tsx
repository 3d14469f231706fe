import { Link, useParams } from 'react-router-dom';
import type { PageContext, PageHandle, PageMeta } from '../../lib/page-handle.ts';
import type { RootState } from '../../lib/store.ts';
import { describeError } from '../../lib/api/errors.ts';
import buttons from '../../components/button.module.css';
import { cx } from '../../components/cx.ts';
import { Loading } from '../../components/loading.tsx';
import { catalogueApi } from './api.ts';
import type { GenusDetail } from '../../../../shared/api/catalogue.ts';
import { CatalogueLines } from './catalogue-lines.tsx';
import { formatIssueDate } from './format.ts';
import { catalogueHref } from './use-catalogue-params.ts';
import { useViewerGenus } from './use-viewer-catalogue.ts';
import styles from './genus-page.module.css';

/** The files GET /downloads serves (always the newest). */
const DOWNLOADS = { pdf: '/downloads/catalogue.pdf', xlsx: '/downloads/catalogue.xlsx' };

const slugOf = (page: Pick<PageContext, 'params'>) => page.params.slug ?? '';

/**
 * One genus (`/catalogue/genus/:slug`): its name, common names, how many lines we grow, links to
 * the downloads and the full catalogue, and every line. An unknown slug shows the not-found
 * content (and the server answers 404, from `handle.meta`).
 */
export function GenusPage() {
  const slug = slugOf({ params: useParams() });
  const { data: genus, error, isLoading } = useViewerGenus(slug);

  // A 404 first: the hydrating page mounts with the server's failed query in the store, which RTK
  // Query asks again for; the not-found content must not turn into a spinner meanwhile.
  if (!genus && describeError(error).status === 404) return <GenusNotFound />;
  if (isLoading) return <Loading label="Loading the genus…" fullPage />;
  if (!genus) return <GenusFailed />;

  const count = genus.lines.length;
  const updated = formatIssueDate(genus.updated_at);
  return (
    <div className={cx('container', styles.page)}>
      <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/catalogue">Catalogue</Link>
          </li>
          <li aria-current="page">{genus.name}</li>
        </ol>
      </nav>
      <h1 className={styles.title}>{genus.name}</h1>
      <div className={styles.intro}>
        {genus.common_names.length > 0 && <p className={styles.common}>{genus.common_names.join(', ')}</p>}
        <p>
          We grow {count === 1 ? 'one line' : `${count} lines`} of <i>{genus.name}</i> for the trade
          {updated && <> (list updated {updated})</>}. Download the whole catalogue as <a href={DOWNLOADS.pdf}>PDF</a> or{' '}
          <a href={DOWNLOADS.xlsx}>Excel</a>, or <Link to="/catalogue">search the full catalogue</Link>.
        </p>
      </div>
      <h2 className={styles.linesHeading}>
        <i>{genus.name}</i> lines
      </h2>
      <CatalogueLines rows={genus.lines} label={`${genus.name}: ${count} ${count === 1 ? 'line' : 'lines'}`} linkGenus={false} />
      <p className={styles.more}>
        <Link to={catalogueHref({ genus: genus.name })} className={buttons.secondary}>
          Filter {genus.name} by form and height
        </Link>
      </p>
    </div>
  );
}

/** The site's not-found content (features do not import each other, so it is repeated here). */
function GenusNotFound() {
  return (
    <div className={cx('container', styles.page)}>
      <h1>Error 404, Page Not Found</h1>
      <p className={styles.lead}>Sorry, we could not find that genus. It may have left the catalogue, or the address may be mistyped.</p>
      <p>
        <Link to="/catalogue" className={buttons.primary}>
          Search the catalogue
        </Link>
      </p>
    </div>
  );
}

function GenusFailed() {
  return (
    <div className={cx('container', styles.page)}>
      <h1>Catalogue</h1>
      <p className={styles.lead}>Sorry, this part of the catalogue could not be loaded just now. Please try again shortly.</p>
    </div>
  );
}

/** "Acer — wholesale trees, shrubs and hedging". */
function genusTitle(name: string): string {
  return `${name} — wholesale trees, shrubs and hedging`;
}

/** The meta description: the genus, its common names and how many lines. */
function genusDescription(genus: GenusDetail): string {
  const common = genus.common_names.length ? ` (${genus.common_names.slice(0, 3).join(', ')})` : '';
  const count = genus.lines.length === 1 ? 'one line' : `${genus.lines.length} lines`;
  return `${genus.name}${common} from Hothfield Nurseries, Kent: ${count} of wholesale ${genus.name} by form and height, bare root and pot grown, for the trade.`;
}

/** The genus the page shows, from the store. */
const selectGenus = (page: Pick<PageContext, 'params'>, state: RootState) => catalogueApi.endpoints.getGenus.select(slugOf(page))(state);

/** Prefetches the genus; the meta names it, or marks the page not found (the server answers 404). */
export const handle: PageHandle = {
  prefetch: (page, dispatch) => [dispatch(catalogueApi.endpoints.getGenus.initiate(slugOf(page)))],
  meta: (page, state): PageMeta => {
    const { data: genus, error } = selectGenus(page, state);
    if (genus) {
      return {
        title: genusTitle(genus.name),
        description: genusDescription(genus),
        breadcrumbs: [
          { name: 'Catalogue', path: '/catalogue' },
          { name: genus.name, path: `/catalogue/genus/${genus.slug}` },
        ],
      };
    }
    if (describeError(error).status === 404) {
      return {
        title: 'Page Not Found',
        description: 'The page you asked for could not be found on the Hothfield Nurseries website.',
        notFound: true,
      };
    }
    return { title: 'Catalogue', description: 'Wholesale trees, shrubs and hedging from the Hothfield Nurseries trade catalogue.' };
  },
};
