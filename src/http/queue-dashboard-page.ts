/**
 * What the web process adds to bull-board's page (src/http/queue-dashboard.ts), and the page an
 * admin sees instead when there is no queue to show. bull-board's own index.html asks Google
 * Fonts for its typeface (our CSP blocks it: a console error, and a request leaving the site) and
 * leaves its icon-only buttons unnamed; neither can be set through its options, so its HTML is
 * rewritten on the way out and a small script of ours names the buttons as its UI draws them.
 */

/** The admin dashboard: where every queue page links back to. */
const ADMIN_HOME = '/admin';

/** Where the naming script is served, under the dashboard's own (admin-only) path. */
export const A11Y_SCRIPT_PATH = '/admin/queues/nursery/a11y.js';

/**
 * Names bull-board's icon-only buttons by their icon (and, in a queue's card, by the queue), and
 * hides the decorative Redis logo from assistive technology. A MutationObserver, because the UI is
 * a client-rendered React app that redraws as queues change; adding an attribute to an existing
 * node is not a childList change, so the observer never feeds itself.
 */
export const A11Y_SCRIPT = `(() => {
  const ICONS = [
    ['lucide-maximize', 'Full screen'],
    ['lucide-minimize', 'Leave full screen'],
    ['lucide-settings', 'Settings'],
    ['lucide-ellipsis-vertical', 'More actions'],
  ];
  const visibleText = (button) =>
    [...button.childNodes].filter((node) => node.nodeName.toLowerCase() !== 'svg').map((node) => node.textContent).join('').trim();
  const nameOf = (button) => {
    const svg = button.querySelector('svg');
    if (!svg) return 'Action';
    if (svg.querySelector('.rds-b1')) return 'Redis details';
    const icon = ICONS.find(([name]) => svg.classList.contains(name));
    const name = icon ? icon[1] : 'Action';
    const queue = button.closest('[class*="queueCard-"]')?.querySelector('a[title]')?.getAttribute('title');
    return queue && name === 'More actions' ? 'Actions for queue ' + queue : name;
  };
  const label = () => {
    for (const button of document.querySelectorAll('button:not([aria-label]):not([aria-labelledby])')) {
      if (!visibleText(button)) button.setAttribute('aria-label', nameOf(button));
    }
    for (const svg of document.querySelectorAll('button svg[role="img"]')) svg.setAttribute('aria-hidden', 'true');
  };
  label();
  new MutationObserver(label).observe(document.documentElement, { childList: true, subtree: true });
})();
`;

/**
 * The search box's keyboard hint is grey on grey (axe: contrast); the link back to the admin
 * sits in the middle of bull-board's header bar, which is empty (the board's own controls are at
 * its ends), so it is on every board screen, at any scroll.
 */
const STYLE = `<style>
  [class*="searchShortcut-"] { color: inherit; opacity: 1; }
  .nursery-back {
    position: fixed; z-index: 100; top: 0; left: 50%; transform: translateX(-50%);
    display: flex; align-items: center; min-height: 4rem; color: inherit; font-weight: 500;
  }
</style>`;

/**
 * bull-board's HTML with no outside request (the web font link goes: the page falls back to the
 * system's sans-serif), the naming script and a link back to the admin dashboard.
 */
export function rewriteBoardHtml(html: string): string {
  return html
    .replace(/<link[^>]+href="https:\/\/fonts\.(googleapis|gstatic)\.com[^>]*>\s*/g, '')
    .replace('</head>', `${STYLE}<script defer src="${A11Y_SCRIPT_PATH}"></script></head>`)
    .replace(/<body([^>]*)>/, `<body$1><a class="nursery-back" href="${ADMIN_HOME}">← Back to the admin dashboard</a>`);
}

/** The page an admin sees at /admin/queues when jobs run inside the web process (no Redis). */
export const EMBEDDED_QUEUES_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Queue dashboard | Hothfield Nurseries</title>
<style>
  body { font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2a1f; margin: 0; padding: 2rem 1rem; }
  main { max-width: 40rem; margin: 0 auto; }
  a { color: #2f5d2f; }
</style>
</head>
<body>
<main>
<p><a href="${ADMIN_HOME}">← Back to the admin dashboard</a></p>
<h1>Queue dashboard</h1>
<p>This site runs without Redis, so its jobs — mail, picture renditions, the catalogue downloads and
the housekeeping sweeps — run inside the web process itself, one after another, and there is no
queue to inspect here.</p>
<p>A job that fails is retried with a growing pause and written to the site's log; the admin
dashboard's queue figures count what is waiting and what has failed.</p>
<p>With <code>REDIS_URL</code> set, jobs go to separate worker processes and this page shows their
queues.</p>
</main>
</body>
</html>
`;
