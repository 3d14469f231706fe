/**
 * The contract between the web process's server render (src/ssr/) and the React app's server
 * entry (web/src/app/entry-server.tsx): what a render returns and the markers both sides write.
 */

/** The brand after every page title, and the site name in link previews. */
export const SITE_NAME = 'Hothfield Nurseries';

/** A page's document title: its own title, then the brand ("About | Hothfield Nurseries"). */
export const documentTitle = (title: string): string => `${title} | ${SITE_NAME}`;

/** The id of the inert JSON element the server writes the handover into. */
export const HANDOVER_ELEMENT_ID = 'server-state';

/** The marker the render writes where each response's CSRF token goes (replaced per response). */
export const CSRF_PLACEHOLDER = '__CSRF_TOKEN__';

/** One step of a page's breadcrumb trail (schema.org BreadcrumbList), path relative to the site. */
export interface Breadcrumb {
  name: string;
  path: string;
}

/** What a public page tells search engines and link previews about itself. */
export interface PageMeta {
  /** The page's own title; the brand is appended (" | Hothfield Nurseries"). */
  title: string;
  description: string;
  /** Inner pages: the trail after Home (Home itself is added). */
  breadcrumbs?: Breadcrumb[];
  /** An absolute path or URL of the link-preview image; default: the home banner's first slide. */
  image?: string;
  /** The 404 page: not indexed, no canonical, status 404. */
  notFound?: boolean;
}

/** The forms that work without JavaScript: each posts to its route and is answered with its page. */
export type PageFormName = 'contact' | 'register' | 'login' | 'forgot-password' | 'verify-email';

/** What a no-JavaScript form post (POST /contact, /login…) tells the page rendered in answer. */
export interface FormPostResult {
  form: PageFormName;
  status: 'sent' | 'invalid' | 'failed';
  /** What the visitor typed, to show again (never a password). */
  values: Record<string, string>;
  /** First message per field, for `invalid`. */
  errors: Record<string, string>;
  /** One message for the whole form: the server's (`sent`), or why it failed (`invalid`, `failed`). */
  message?: string;
}

/** A rendered page: the #root markup, its head facts, and the handover for hydration. */
export interface RenderedPage {
  kind: 'page';
  status: number;
  html: string;
  meta: PageMeta;
  /** JSON-serialisable; travels in the HANDOVER_ELEMENT_ID element. */
  handover: unknown;
  /** Source files of the matched page routes (keys of Vite's manifest) for CSS and preloads. */
  sources: string[];
}

/** The route table asked for a redirect. */
export interface RenderedRedirect {
  kind: 'redirect';
  status: number;
  location: string;
}

/** How the render reads data: an API GET path answered by the services, as the HTTP route would. */
export type ServerApiResolver = (url: string) => Promise<{ data: unknown } | { error: { status: number; data: unknown } }>;

/** The input of one render. */
export interface RenderInput {
  /** The absolute URL asked for (query string included). */
  url: string;
  resolveApi: ServerApiResolver;
  requestInfo: { csrfToken: string; formPost: FormPostResult | null };
  /** Aborts the render (the client went away, or it took too long). */
  signal?: AbortSignal;
}

/** The server bundle's export (web/dist/ssr/entry-server.js). */
export type RenderFunction = (input: RenderInput) => Promise<RenderedPage | RenderedRedirect>;
