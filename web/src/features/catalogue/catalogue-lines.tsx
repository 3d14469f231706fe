import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import { useCatalogueLineAction } from '../../components/catalogue-line-action.ts';
import { useRouteLinkClicks } from '../../components/route-link-clicks.ts';
import { ResultsTable } from './results-table.tsx';

/** Props of {@link CatalogueLines}. */
export interface CatalogueLinesProps {
  rows: CatalogueLine[];
  /** Names the table for screen readers. */
  label: string;
  /** Link each genus name to its page (not on the genus page itself). */
  linkGenus?: boolean;
}

/**
 * Catalogue lines, a table on wide screens and cards on phones (one markup, laid out by CSS),
 * with the provided per-line action around them.
 */
export function CatalogueLines({ rows, label, linkGenus = true }: CatalogueLinesProps) {
  const action = useCatalogueLineAction();
  const followLink = useRouteLinkClicks();
  const table = (
    // The links inside are the controls (Enter on a link is a click); this only follows them in the app.
    <div onClick={followLink}>
      <ResultsTable rows={rows} caption={label} linkGenus={linkGenus} />
    </div>
  );
  return action ? <action.Scope rows={rows}>{table}</action.Scope> : table;
}
