import { genusSlug } from '../../../../shared/slug.ts';

/** The path of a genus page, `/catalogue/genus/acer`. */
export function genusPath(genus: string): string {
  return `/catalogue/genus/${genusSlug(genus)}`;
}

/**
 * A genus name linking to its page; plain text where the page would link to itself. A plain
 * link, not a router `<Link>`: a page shows it on every line, and the lines' one click
 * handler (`useRouteLinkClicks` in CatalogueLines) follows it inside the app.
 */
export function GenusName({ genus, link = true, className }: { genus: string; link?: boolean; className?: string }) {
  if (!link || !genusSlug(genus)) return <span className={className}>{genus}</span>;
  return (
    <a className={className} href={genusPath(genus)}>
      {genus}
    </a>
  );
}
