import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { useCatalogueLineAction } from '../../components/catalogue-line-action.ts';
import { useRouteLinkClicks } from '../../components/route-link-clicks.ts';
import { ResultsList } from './results-list.tsx';
import { ResultsTable } from './results-table.tsx';
import styles from './results.module.css';

/** Props of {@link CatalogueLines}. */
export interface CatalogueLinesProps {
  rows: CatalogueLine[];
  /** Names the table and the list for screen readers. */
  label: string;
  /** Link each genus name to its page (not on the genus page itself). */
  linkGenus?: boolean;
}

/**
 * Catalogue lines as a striped table on wide screens and a stacked list on phones. Both are
 * rendered and CSS shows one: a media query in render would give the server and the browser's
 * first render different markup.
 */
export function CatalogueLines({ rows, label, linkGenus = true }: CatalogueLinesProps) {
  const action = useCatalogueLineAction();
  const followLink = useRouteLinkClicks();
  const views = (
    // The links inside are the controls (Enter on a link is a click); this only follows them in the app.
    <div onClick={followLink}>
      <div className={styles.wideView}>
        <ResultsTable rows={rows} caption={label} linkGenus={linkGenus} />
      </div>
      <div className={styles.phoneView}>
        <ResultsList rows={rows} label={label} linkGenus={linkGenus} />
      </div>
    </div>
  );
  return action ? <action.Scope rows={rows}>{views}</action.Scope> : views;
}
