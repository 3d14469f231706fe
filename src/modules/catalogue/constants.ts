import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from '../../../shared/catalogue.ts';

// The vocabularies are the contract's (the web app's filters use them too); the module's own code
// keeps importing them from here, beside the sort order built from them below.
export { CATALOGUE_FORMS, CATALOGUE_HEIGHTS };
export type { CatalogueForm, CatalogueHeight } from '../../../shared/catalogue.ts';

/** The most quantity breaks a line may have (the staff workbook has at most this many pairs of columns). */
export const MAX_BREAKS = 10;

/** One of the catalogue's download formats. */
export type CatalogueFormat = 'pdf' | 'xlsx';

/** The key printed with the PDF: what each form means to a buyer. */
export const FORM_KEY: readonly { form: string; meaning: string }[] = [
  { form: 'Bare root', meaning: 'lifted from the field in season, November to March' },
  { form: '9cm', meaning: '9 cm square pot' },
  { form: '1L – 10L', meaning: 'container-grown; the figure is the pot volume in litres' },
  { form: 'Height', meaning: 'range in centimetres; Rootstock = understock for grafting and budding' },
];

/** Public download paths and their content types. */
export const DOWNLOADS: Record<CatalogueFormat, { url: string; contentType: string }> = {
  pdf: { url: '/downloads/catalogue.pdf', contentType: 'application/pdf' },
  xlsx: {
    url: '/downloads/catalogue.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
};

/** The nursery is in Kent: an issue date is the UK calendar day, not the UTC one. */
const ZONE = 'Europe/London';

/** `2026-11-22`: the issue date as it appears in download file names. */
export function issueDateIso(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** `22 November 2026`: the issue date as printed in the files. */
export function issueDateLong(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** `hothfield-nurseries`: a file-name-safe form of the business's short name. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A constant list as a PostgreSQL text[] literal (our own constants, quotes escaped anyway). */
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Position of a row's form / height in the vocabularies; unknown values sort last. */
export const FORM_POSITION_SQL = `coalesce(array_position(${sqlArray(CATALOGUE_FORMS)}, form::text), 999)`;
export const HEIGHT_POSITION_SQL = `coalesce(array_position(${sqlArray(CATALOGUE_HEIGHTS)}, height::text), 999)`;

/**
 * The catalogue's reading order: genus, species, form and height by vocabulary position, then id so
 * the order is total — the render job pages through rows by this exact key.
 */
export const ORDER_KEY_SQL = `genus, species, ${FORM_POSITION_SQL}, ${HEIGHT_POSITION_SQL}, id`;
