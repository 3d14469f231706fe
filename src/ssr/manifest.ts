/** One chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The CSS files a set of page modules needs, the entry's own excluded. */
export interface PageAssets {
  css: string[];
}

/**
 * The app's own module: the entry script (web/src/app/boot.ts) imports it once a server-rendered
 * page has painted, so its stylesheets (global and layout CSS) are not linked by index.html and
 * every page document must carry them itself.
 */
const APP_MODULE = 'src/app/main.tsx';

/**
 * The stylesheets the app and these page modules (manifest keys such as
 * `src/features/site/home-page.tsx`) need, following static imports: they go in the head (no
 * flash of unstyled content, no layout shift). Their script chunks are not preloaded: the app
 * starts after the first paint (web/src/app/boot.ts), and a preload would make the phone fetch
 * them while it still needs its bandwidth for the page's own picture (Lighthouse counts them
 * against the largest paint too). Files the entry itself loads are left out: index.html links them.
 */
export function pageAssets(manifest: ViteManifest, sources: string[]): PageAssets {
  const entry = manifest['index.html'];
  const already = new Set<string>();
  const visitEntry = (key: string) => {
    if (already.has(key)) return;
    already.add(key);
    for (const next of manifest[key]?.imports ?? []) visitEntry(next);
  };
  if (entry) visitEntry('index.html');

  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || already.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const file of chunk.css ?? []) css.add(`/${file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const source of [APP_MODULE, ...sources]) visit(source);
  for (const file of entry?.css ?? []) css.delete(`/${file}`);
  return { css: [...css] };
}
