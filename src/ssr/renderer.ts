import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderFunction } from '../../shared/server-render.ts';
import type { ViteManifest } from './manifest.ts';

/** The built pieces of the server render: the SSR bundle, the page template and the asset manifest. */
export interface ServerRenderer {
  render: RenderFunction;
  /** web/dist/index.html: the entry script, its preloads and CSS. */
  template: string;
  manifest: ViteManifest;
  /** The text of a built stylesheet (`/assets/….css`), read once; undefined if there is none. */
  stylesheet(href: string): string | undefined;
}

/**
 * Loads what `vite build` wrote (web/vite.config.ts builds both): web/dist/ssr/entry-server.js, the
 * template and web/dist/.vite/manifest.json. Undefined when the build is missing or older than
 * this feature; the site then serves the client-rendered app shell as before.
 */
export async function loadServerRenderer(webDist: string): Promise<ServerRenderer | undefined> {
  const bundle = path.join(webDist, 'ssr', 'entry-server.js');
  const templateFile = path.join(webDist, 'index.html');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (![bundle, templateFile, manifestFile].every((file) => existsSync(file))) return undefined;
  const module = (await import(pathToFileURL(bundle).href)) as { render: RenderFunction };
  const stylesheets = new Map<string, string | undefined>();
  return {
    render: module.render,
    template: readFileSync(templateFile, 'utf8'),
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest,
    stylesheet(href) {
      if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
      if (!stylesheets.has(href)) {
        const file = path.join(webDist, href);
        stylesheets.set(href, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
      }
      return stylesheets.get(href);
    },
  };
}
