import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, seriousA11yViolations, viewports, watchPageErrors, type ViewportName } from './browser.ts';
import { browserForThisFile } from './file-setup.ts';

/** Every public route of the spec with the widgets whose text it must show. */
const pages: { path: string; name: string; widgets: string[]; heading?: RegExp }[] = [
  { path: '/', name: 'home', widgets: ['HomeText', 'HomeText2'] },
  { path: '/about', name: 'about', widgets: ['AboutText', 'AboutText2'] },
  { path: '/shows', name: 'shows', widgets: ['ShowsText'] },
  { path: '/catalogue', name: 'catalogue', widgets: ['CatalogueText'] },
  { path: '/find', name: 'find', widgets: ['FindText'] },
  { path: '/terms', name: 'terms', widgets: [], heading: /Terms & Conditions/ },
  { path: '/legal/privacy', name: 'privacy', widgets: ['PrivacyPolicy'] },
  { path: '/biosecurity', name: 'biosecurity', widgets: ['BioSecurityPolicy'] },
  { path: '/environmental', name: 'environmental', widgets: ['EnvironmentalPolicy'] },
  { path: '/cookies', name: 'cookies', widgets: ['CookiePolicy'] },
  { path: '/contact', name: 'contact', widgets: [], heading: /Contact/ },
];

/** The start of a widget's first paragraph, as a reader sees it (inline tags dissolved). */
async function widgetSnippet(name: string): Promise<string> {
  const widget = (await (await fetch(`${inject('baseUrl')}/api/widgets/${name}`)).json()) as { html: string };
  const paragraph = /<p[^>]*>([\s\S]*?)<\/p>/.exec(widget.html)?.[1] ?? widget.html;
  const text = paragraph
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&rsquo;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= 50 ? text : text.slice(0, 50).replace(/\s+\S*$/, '');
}

const browser = browserForThisFile();

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  describe(`public pages at ${viewports[viewport].width} px`, () => {
    for (const page of pages) {
      it(`${page.path} renders its real content, accessibly`, async () => {
        const context = await newContext(browser(), viewport);
        const tab = await context.newPage();
        const errors = watchPageErrors(tab);
        const response = await tab.goto(page.path, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        await expect.poll(() => tab.locator('main').innerText(), { timeout: 10_000 }).not.toBe('');
        for (const widget of page.widgets) {
          const snippet = await widgetSnippet(widget);
          await tab.getByText(snippet, { exact: false }).first().waitFor({ timeout: 10_000 });
        }
        if (page.heading) await expect(tab.getByRole('heading', { name: page.heading }).first().isVisible()).resolves.toBe(true);
        await expect(tab.title()).resolves.toMatch(/Hothfield Nurseries/);
        const description = await tab.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0).toBeGreaterThan(20);
        // Footer: business name, telephone, address and the footer-only links.
        const footer = tab.locator('footer');
        await expect(footer.innerText()).resolves.toMatch(/TN26 1AR/);
        for (const link of ['Terms & Conditions', 'Privacy Policy', 'Cookie Policy', 'Environmental Policy', 'Plant Biosecurity Policy']) {
          await expect(footer.getByRole('link', { name: link }).count()).resolves.toBe(1);
        }
        await screenshot(tab, `${page.name}-${viewport}`);
        expect(await seriousA11yViolations(tab)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }

    it('shows the 404 page with HTTP status 404 for an unknown path', async () => {
      const context = await newContext(browser(), viewport);
      const tab = await context.newPage();
      const response = await tab.goto('/no-such-page/here', { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await tab.getByRole('heading', { name: 'Error 404, Page Not Found' }).waitFor();
      await screenshot(tab, `404-${viewport}`);
      expect(await seriousA11yViolations(tab)).toEqual([]);
      await context.close();
    });
  });
}
