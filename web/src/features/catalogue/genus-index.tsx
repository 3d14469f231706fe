import { useRouteLinkClicks } from '../../components/route-link-clicks.ts';
import { genusPath } from './genus-link.tsx';
import styles from './catalogue-page.module.css';

/**
 * "Browse by genus": a link to every genus page, from the answer's genus facet. Plain links, so
 * search engines (and visitors without JavaScript) reach each genus page from the catalogue;
 * plain `<a>`s followed in the app by one click handler, not a router `<Link>` each (about 130 of
 * them to render and hydrate on every catalogue page).
 */
export function GenusIndex({ genera }: { genera: string[] }) {
  const followLink = useRouteLinkClicks();
  if (!genera.length) return null;
  return (
    // The links inside are the controls (Enter on a link is a click); this only follows them in the app.
    <nav className={styles.genera} aria-labelledby="catalogue-genera" onClick={followLink}>
      <h2 id="catalogue-genera">Browse by genus</h2>
      <ul>
        {genera.map((genus) => (
          <li key={genus}>
            <a href={genusPath(genus)}>{genus}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
