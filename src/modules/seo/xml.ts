/** One `<url>` of a sitemap: an absolute URL and, when the data knows it, its last change. */
export interface SitemapEntry {
  loc: string;
  lastmod?: Date;
}

/** Text and attribute content for XML: the five characters that could end or open markup. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** W3C datetime to the second (`2026-11-24T09:30:00Z`), as the sitemap protocol reads lastmod. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A sitemap 0.9 document (https://www.sitemaps.org/protocol.html). */
export function renderSitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${xmlEscape(entry.loc)}</loc>\n` +
      (entry.lastmod ? `    <lastmod>${w3cDate(entry.lastmod)}</lastmod>\n` : '') +
      '  </url>\n',
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/** robots.txt: everything but `disallowed`, and where the sitemap is. */
export function renderRobots(appUrl: string, disallowed: readonly string[]): string {
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${appUrl}/sitemap.xml`, ''].join('\n');
}
