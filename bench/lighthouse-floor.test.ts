import { describe, expect, it } from 'vitest';
import { floorPath, stripScripts } from './lighthouse-floor.ts';

// A page as the server writes it today (src/ssr/document.ts), plus the script forms an app could
// use tomorrow: the floor must find scripts by what they are, not by where this app puts them.
const page = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Catalogue | Hothfield Nurseries</title>
    <script type="application/ld+json">{"@type":"Organization","name":"</scr\\u0069pt> is text"}</script>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>
    <style>.row{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/index-def.css" media="print">
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-123.js">
    <link crossorigin href='/assets/api-456.js' rel='modulepreload'>
    <link rel="preload" as="script" href="/assets/islands.js">
    <link rel="prefetch" as="script" href="/assets/later.js">
    <link rel="preload" as="image" href="/media/slide-1.webp" imagesrcset="/media/slide-1.webp 640w" fetchpriority="high">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  </head>
  <body>
    <div id="root"><h1>Catalogue</h1><p>The script of a <em>tree</em> order</p></div><script type="application/json" id="handover">{"a":"<\\/script>"}</script>
    <SCRIPT
      src="/assets/late.js" defer></SCRIPT >
    <script>window.inline = 1;</script>
  </body>
</html>`;

describe('stripScripts', () => {
  const floor = stripScripts(page);

  it('leaves no script element and no link that fetches a script', () => {
    expect(floor).not.toMatch(/<script/i);
    expect(floor).not.toMatch(/modulepreload|\.js\b/);
  });

  it('keeps everything else: styles, the LCP picture preload, the icon and the markup', () => {
    expect(floor).toContain(
      '<style>.row{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/index-def.css" media="print">',
    );
    expect(floor).toContain('<link rel="preload" as="image" href="/media/slide-1.webp"');
    expect(floor).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(floor).toContain('<div id="root"><h1>Catalogue</h1><p>The script of a <em>tree</em> order</p></div>');
    expect(floor).toContain('<title>Catalogue | Hothfield Nurseries</title>');
  });

  it('changes nothing in a page without scripts', () => {
    expect(stripScripts(floor)).toBe(floor);
  });
});

describe('floorPath', () => {
  it('names the page in the query, so any page path fits', () => {
    expect(floorPath('/catalogue/genus/acer')).toBe('/__bench/floor?page=%2Fcatalogue%2Fgenus%2Facer');
  });
});
