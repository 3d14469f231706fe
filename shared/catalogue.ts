/**
 * The catalogue's fixed vocabularies (CONTRACT "Catalogue"), one copy for the server (validation,
 * import, sort order, printed files) and the web app (search filters, the admin's line form).
 * Their order is the order buyers read them in — smallest pot to largest, shortest to tallest — so
 * lists, facets and the printed catalogue sort by position in these arrays, never alphabetically
 * ("10L" before "1L" would be odd).
 */
export const CATALOGUE_FORMS = ['Bare root', '9cm', '1L', '2L', '3L', '7L', '7.5L', '10L'] as const;
/** Height bands in cm, plus Rootstock. */
export const CATALOGUE_HEIGHTS = ['10-20', '20-40', '40-60', '60-90', '90-120', '120-150', '150-175', '175-200', 'Rootstock'] as const;

/** One of the catalogue's forms and heights. */
export type CatalogueForm = (typeof CATALOGUE_FORMS)[number];
export type CatalogueHeight = (typeof CATALOGUE_HEIGHTS)[number];
