import { Link } from 'react-router-dom';
import { genusPath } from './genus-link.tsx';
import styles from './catalogue-page.module.css';

/**
 * "Browse by genus": a link to every genus page, from the answer's genus facet. Plain links, so
 * search engines (and visitors without JavaScript) reach each genus page from the catalogue.
 */
export function GenusIndex({ genera }: { genera: string[] }) {
  if (!genera.length) return null;
  return (
    <nav className={styles.genera} aria-labelledby="catalogue-genera">
      <h2 id="catalogue-genera">Browse by genus</h2>
      <ul>
        {genera.map((genus) => (
          <li key={genus}>
            <Link to={genusPath(genus)}>{genus}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
