import type { Config } from '../../config.ts';
import { directionsUrl } from './directions.ts';
import { DAY_NAMES } from '../../../shared/days.ts';

/**
 * schema.org JSON-LD for search engines: plain objects, ready for JSON.stringify. Every page's
 * head carries the business and its breadcrumb trail; embed them with {@link jsonForScript}.
 */

type JsonLd = Record<string, unknown>;

/** The business details the JSON-LD is built from (Config['business'] is one). */
export type BusinessFacts = Pick<
  Config['business'],
  | 'name'
  | 'shortName'
  | 'telephone'
  | 'address'
  | 'postcode'
  | 'email'
  | 'companyNumber'
  | 'vatNumber'
  | 'geo'
  | 'openingHours'
  | 'url'
  | 'logo'
  | 'image'
>;

/** The business as a schema.org GardenStore (a LocalBusiness): what a search result's panel shows. */
export function businessJsonLd(business: BusinessFacts): JsonLd {
  const home = `${business.url}/`;
  return {
    '@context': 'https://schema.org',
    '@type': 'GardenStore',
    '@id': `${home}#business`,
    name: business.shortName,
    legalName: business.name,
    url: home,
    telephone: internationalTelephone(business.telephone),
    email: business.email,
    address: { '@type': 'PostalAddress', ...postalAddress(business.address, business.postcode), addressCountry: 'GB' },
    geo: { '@type': 'GeoCoordinates', latitude: business.geo.latitude, longitude: business.geo.longitude },
    openingHoursSpecification: business.openingHours.map((rule) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: rule.days.map((day) => `https://schema.org/${DAY_NAMES[day]}`),
      opens: rule.opens,
      closes: rule.closes,
    })),
    vatID: business.vatNumber.replace(/\s+/g, ''),
    identifier: { '@type': 'PropertyValue', propertyID: 'Companies House company number', value: business.companyNumber },
    logo: business.logo,
    image: business.image,
    hasMap: directionsUrl(business.geo),
  };
}

/** A page's trail as a schema.org BreadcrumbList: Home first, every item an absolute URL. */
export function breadcrumbJsonLd(appUrl: string, crumbs: { name: string; path: string }[]): JsonLd {
  const base = `${appUrl.replace(/\/$/, '')}/`;
  const trail = [{ name: 'Home', path: '/' }, ...crumbs.filter((crumb) => crumb.path !== '/')];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      // Resolved against the site, so "find" and "/find" both land under APP_URL (and its path, if any).
      item: new URL(crumb.path.replace(/^\//, ''), base).href,
    })),
  };
}

/**
 * JSON for inside a `<script>` element: `<`, `>`, `&` and the line separators U+2028/U+2029 as
 * \u escapes (still valid JSON), so no value can close the script (`</script>`), open a comment
 * or break an older JavaScript parser.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Splits a one-line UK address ("Station Road, Hothfield, Ashford, Kent, TN26 1AR") into
 * schema.org's fields: the postcode wherever it appears, then county (region) last, post town
 * (locality) before it, and the rest as the street address.
 */
export function postalAddress(
  address: string,
  postcode: string,
): { streetAddress: string; addressLocality?: string; addressRegion?: string; postalCode: string } {
  // The postcode at the end of a part, however it is spaced ("TN26 1AR", "tn261ar", "Kent TN26 1AR").
  const trailingPostcode = new RegExp(`\\s*${[...postcode.replace(/\s+/g, '')].join('\\s*')}$`, 'i');
  const parts = address
    .split(/\n|,/)
    .map((part) => part.trim().replace(trailingPostcode, ''))
    .filter(Boolean);
  const fields = { streetAddress: parts.join(', '), postalCode: postcode };
  if (parts.length < 2) return fields;
  if (parts.length === 2) return { ...fields, streetAddress: parts[0]!, addressLocality: parts[1]! };
  return { ...fields, streetAddress: parts.slice(0, -2).join(', '), addressLocality: parts.at(-2)!, addressRegion: parts.at(-1)! };
}

/** A UK number as search engines prefer it: "01233 712 400" → "+44 1233 712 400"; others unchanged. */
function internationalTelephone(telephone: string): string {
  const trimmed = telephone.trim();
  return /^0[1-9]/.test(trimmed) ? `+44 ${trimmed.slice(1)}` : trimmed;
}
