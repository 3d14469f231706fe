import { Link } from 'react-router-dom';
import { genusSlug } from '../../../../shared/slug.ts';

/** The path of a genus page, `/catalogue/genus/acer`. */
export function genusPath(genus: string): string {
  return `/catalogue/genus/${genusSlug(genus)}`;
}

/** A genus name linking to its page; plain text where the page would link to itself. */
export function GenusName({ genus, link = true, className }: { genus: string; link?: boolean; className?: string }) {
  if (!link || !genusSlug(genus)) return <span className={className}>{genus}</span>;
  return (
    <Link className={className} to={genusPath(genus)}>
      {genus}
    </Link>
  );
}
