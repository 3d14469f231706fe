import { documentTitle, HANDOVER_ELEMENT_ID, SITE_NAME, type PageMeta } from '../../shared/server-render.ts';
import { jsonForScript } from '../modules/site/structured-data.ts';
import { escapeHtml } from '../escape-html.ts';
import type { PageAssets } from './manifest.ts';

/** Everything {@link pageDocument} writes into the built index.html. */
export interface DocumentParts {
  /** The rendered #root markup. */
  html: string;
  meta: PageMeta;
  handover: unknown;
  assets: PageAssets;
  /** The page's absolute canonical URL. */
  canonicalUrl: string;
  /** Absolute URL of the link-preview image: every page has one. */
  shareImage: string;
  /** schema.org objects for `<script type="application/ld+json">` (business, breadcrumbs). */
  structuredData: object[];
  /** The text of a built stylesheet, to inline it. */
  stylesheet(href: string): string | undefined;
}

/**
 * The server-rendered document: the built index.html (its entry script) with the page's own
 * head — title, description, canonical, Open Graph, Twitter card, JSON-LD, the page's stylesheets
 * inlined and the preloads its markup asked for — the rendered markup in #root and the handover as
 * inert JSON. The noscript warning goes: the page works without JavaScript.
 */
export function pageDocument(template: string, parts: DocumentParts): string {
  const { meta } = parts;
  const { preloads, markup } = takeLeadingPreloads(parts.html);
  const title = documentTitle(meta.title);
  const head: string[] = [`<title>${escapeHtml(title)}</title>`, metaTag('name', 'description', meta.description)];
  if (meta.notFound) head.push(metaTag('name', 'robots', 'noindex'));
  else head.push(`<link rel="canonical" href="${escapeHtml(parts.canonicalUrl)}">`);
  head.push(
    metaTag('property', 'og:type', 'website'),
    metaTag('property', 'og:site_name', SITE_NAME),
    metaTag('property', 'og:locale', 'en_GB'),
    metaTag('property', 'og:title', title),
    metaTag('property', 'og:description', meta.description),
    metaTag('property', 'og:url', parts.canonicalUrl),
    metaTag('property', 'og:image', parts.shareImage),
    metaTag('name', 'twitter:card', 'summary_large_image'),
    metaTag('name', 'twitter:title', title),
    metaTag('name', 'twitter:description', meta.description),
    metaTag('name', 'twitter:image', parts.shareImage),
  );
  for (const data of parts.structuredData) head.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);

  const handover = `<script type="application/json" id="${HANDOVER_ELEMENT_ID}">${jsonForScript(parts.handover)}</script>`;
  // Stylesheets are inlined: each linked one would be a render-blocking round trip before the
  // first paint (five to eight small files per page). The CSP allows inline styles. Each sheet
  // also keeps a non-blocking link (media=print): that is how Vite's loader sees it is there and
  // does not fetch it again, and wait for it, when a chunk that needs it loads.
  const styled = (href: string) => {
    const css = parts.stylesheet(href);
    const link = `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}"${css === undefined ? '' : ' media="print"'}>`;
    return css === undefined ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>${link}`;
  };
  const assets = parts.assets.css.map(styled);
  return (
    template
      .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_link, href: string) => styled(href))
      .replace(/\s*<meta\s+name="description"[\s\S]*?>/, '')
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
      .replace('</head>', () => `  ${assets.join('\n    ')}\n  </head>`)
      // The page reads without JavaScript, so the app's code (hydration) must not compete with the
      // page's own picture and fonts for a slow connection: it is fetched at low priority. (Before
      // the page's own markup goes in: only the template and the preloads hold such tags, and the
      // markup is most of the document's length.)
      .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
      .replace(/<title>[\s\S]*?<\/title>/, () => head.join('\n    '))
      // Ahead of everything the browser parses first (the stylesheets are inlined in the head).
      .replace(/<meta name="viewport"[^>]*>/, (viewport) => [viewport, ...preloads].join('\n    '))
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${handover}`)
  );
}

/**
 * React writes the resources a page asks for with `preload()` (the first slide's picture) at the
 * start of its markup, having no head of its own to put them in; they belong in the document's
 * head, where the browser meets them before anything else.
 */
function takeLeadingPreloads(html: string): { preloads: string[]; markup: string } {
  const leading = /^(?:<link rel="preload"[^>]*\/?>)+/.exec(html)?.[0] ?? '';
  return { preloads: leading.match(/<link[^>]*>/g) ?? [], markup: html.slice(leading.length) };
}

function metaTag(kind: 'name' | 'property', key: string, content: string): string {
  return `<meta ${kind}="${key}" content="${escapeHtml(content)}">`;
}
