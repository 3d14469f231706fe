import { BANNER_GALLERIES } from '../../../shared/galleries.ts';

/**
 * The public pages crawlers should index, and what each shows that can change: its lastmod in the
 * sitemap is the newest change of exactly these (web/src/features/site/*-page.tsx and friends;
 * the banner gallery ids are shared/galleries.ts's). A page listing
 * nothing stored (terms, contact) gets no lastmod rather than an invented one.
 */
export interface PublicPage {
  path: string;
  /** Widget names the page renders. */
  widgets: readonly string[];
  /** The banner gallery it shows. */
  gallery?: number;
  /** It lists the catalogue, so every catalogue change is a change of the page. */
  catalogue?: boolean;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', widgets: ['HomeText', 'HomeText2'], gallery: BANNER_GALLERIES.home },
  { path: '/about', widgets: ['AboutText', 'AboutText2'], gallery: BANNER_GALLERIES.about },
  { path: '/shows', widgets: ['ShowsText'], gallery: BANNER_GALLERIES.shows },
  { path: '/catalogue', widgets: ['CatalogueText'], catalogue: true },
  { path: '/find', widgets: ['FindText', 'FindImage'] },
  { path: '/contact', widgets: [] },
  { path: '/terms', widgets: [] },
  { path: '/legal/privacy', widgets: ['PrivacyPolicy'] },
  { path: '/environmental', widgets: ['EnvironmentalPolicy'] },
  { path: '/biosecurity', widgets: ['BioSecurityPolicy'] },
  { path: '/cookies', widgets: ['CookiePolicy'] },
];

/**
 * What crawlers must not fetch: private areas, the JSON API (public pages carry their data in the
 * server render), and the sign-in screens, which have nothing to index.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  '/admin',
  '/account',
  '/api/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/two-factor-challenge',
  '/confirm-password',
];
