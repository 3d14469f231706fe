import { describe, expect, it } from 'vitest';
import { pageDocument } from './document.ts';
import type { DocumentParts } from './document.ts';

const TEMPLATE = `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Shell</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const parts = (html: string): DocumentParts => ({
  html,
  meta: { title: 'Home', description: 'The home page.' },
  handover: {},
  assets: { css: ['/assets/main-1.css'] },
  canonicalUrl: 'https://example.test/',
  shareImage: 'https://example.test/share.jpg',
  structuredData: [],
  stylesheet: (href) => (href === '/assets/main-1.css' ? 'body{margin:0}' : undefined),
});

describe('pageDocument', () => {
  it('moves the preloads React wrote ahead of the page into the head, first after the viewport', () => {
    const preload =
      '<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/a-480.avif 480w, /a-960.avif 960w" imageSizes="100vw"/>';
    const html = pageDocument(TEMPLATE, parts(`${preload}<main><h1>Home</h1></main>`));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1" />\n    ${preload}`);
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<style>'));
    expect(html).toContain('<div id="root"><main><h1>Home</h1></main></div>');
  });

  it('leaves a page without preloads as it is, inlines its stylesheets and preloads no script', () => {
    const html = pageDocument(TEMPLATE, parts('<main><h1>Home</h1></main>'));
    expect(html).toContain('<div id="root"><main><h1>Home</h1></main></div>');
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/main-1.css" media="print">');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
  });
});
