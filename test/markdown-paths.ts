import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Checks that documentation names real files: the repository paths in a page's code spans and the
 * targets of its relative links. Used by test/docs-paths.test.ts, so a renamed or removed file
 * cannot leave docs/architecture.md describing a layout that no longer exists.
 */

/** A path named in a page that the repository does not have, or a link that goes nowhere. */
interface Problem {
  /** What the page wrote (a code span, or a link target). */
  written: string;
  why: string;
}

/** Files a written path may end in without naming a top-level folder first: a misspelt root. */
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|yml|yaml)$/;

/** A code span that could be a path: no spaces, only the characters paths and placeholders use. */
const PATH_LIKE = /^[\w.@<>{}*…-]+(\/[\w.@<>{}*…-]*)*$/;

/** The text of the section under `## {heading}`, up to the next heading of that level or higher. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) throw new Error(`No "## ${heading}" section`);
  const end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Markdown without fenced code blocks (shell commands, not prose). */
const withoutFences = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** Every inline code span's text. */
const codeSpans = (markdown: string): string[] => [...withoutFences(markdown).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());

/**
 * The repository as documentation may name it: its top-level entries (not build output or
 * runtime data, which .gitignore lists) and a test for what .gitignore excludes.
 */
export function repository(root: string) {
  const ignoreLines = readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const ignored = (written: string): boolean =>
    ignoreLines.some((pattern) => {
      if (pattern.includes('*')) return globToRegExp(pattern.replace(/^\//, '')).test(path.basename(written));
      const name = pattern.replace(/^\//, '').replace(/\/$/, '');
      return written === name || written.startsWith(`${name}/`) || written.includes(`/${name}/`) || written.endsWith(`/${name}`);
    });
  const roots = new Set(readdirSync(root).filter((entry) => !ignored(entry) && entry !== '.git'));
  return { root, roots, ignored };
}
type Repository = ReturnType<typeof repository>;

/**
 * The code spans that name a repository path: those that start with a top-level entry
 * (`src/…`, `web/src/…`, `package.json`). Others are left alone: URLs (`/api/…`), storage keys
 * (`galleries/{id}/…`), runtime paths (`VAR_DIR/db`), build output (`web/dist/…`, ignored by git),
 * names relative to a folder described around them (`lib/api/`).
 */
function repositoryPaths(markdown: string, repo: Repository): { paths: string[]; problems: Problem[] } {
  const paths: string[] = [];
  const problems: Problem[] = [];
  for (const span of codeSpans(markdown)) {
    if (!PATH_LIKE.test(span) || repo.ignored(span)) continue;
    const [first] = span.split('/');
    if (repo.roots.has(first!)) paths.push(span);
    else if (span.includes('/') && SOURCE_FILE.test(span))
      problems.push({ written: span, why: 'names no top-level folder of the repository' });
  }
  return { paths, problems };
}

/**
 * Whether a written path exists. `<name>`, `{name}`, `*` and `…` in a segment stand for any text
 * (`src/modules/<feature>/`, `src/modules/*\/routes*.ts`): some entry must match. A trailing `/`
 * asks for a folder.
 */
function pathExists(root: string, written: string): boolean {
  const folder = written.endsWith('/');
  const segments = written.replace(/\/$/, '').split('/');
  const walk = (dir: string, index: number): boolean => {
    if (index === segments.length) return !folder || statSync(dir).isDirectory();
    const segment = segments[index]!;
    if (!/[<{*…]/.test(segment)) {
      const next = path.join(dir, segment);
      return existsSync(next) && walk(next, index + 1);
    }
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    const pattern = globToRegExp(segment.replace(/<[^>]*>|\{[^}]*\}|…/g, '*'));
    return readdirSync(dir).some((entry) => pattern.test(entry) && walk(path.join(dir, entry), index + 1));
  };
  return walk(root, 0);
}

/** The repository paths a page names that do not exist, and code spans that look like misspelt paths. */
export function missingPaths(markdown: string, repo: Repository): { checked: string[]; problems: Problem[] } {
  const { paths, problems } = repositoryPaths(markdown, repo);
  for (const written of paths) if (!pathExists(repo.root, written)) problems.push({ written, why: 'does not exist' });
  return { checked: paths, problems };
}

/** The anchors GitHub gives a page's headings (`## How a request flows` → `how-a-request-flows`). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, text] of withoutFences(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = text!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/**
 * Link targets that stay on this site (not a URL with a scheme), and code spans that point up out of
 * the page's folder (`../shared/ARCHITECTURE.md`): a reader follows those like links.
 */
function relativeLinks(markdown: string): string[] {
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  const upward = codeSpans(markdown).filter((span) => span.startsWith('../') && PATH_LIKE.test(span));
  return [...inline, ...references, ...upward].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/**
 * The relative links of `markdown`, the page at `file`, that do not resolve to a file or folder
 * inside the repository (one outside it, such as `../shared/…`, or one git ignores, is broken too),
 * or whose `#anchor` names no heading of the target page.
 */
export function brokenLinks(markdown: string, file: string, repo: Repository): Problem[] {
  const problems: Problem[] = [];
  for (const target of relativeLinks(markdown)) {
    const [pathPart = '', anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart.split('?')[0]!)) : file;
    const inside = path.relative(repo.root, resolved);
    if (inside.startsWith('..') || path.isAbsolute(inside)) {
      problems.push({ written: target, why: 'points outside the repository' });
    } else if (pathPart && (!existsSync(resolved) || repo.ignored(inside.split(path.sep).join('/')))) {
      problems.push({ written: target, why: 'is not a file of the repository' });
    } else if (
      anchor &&
      resolved.endsWith('.md') &&
      !headingAnchors(resolved === file ? markdown : readFileSync(resolved, 'utf8')).has(anchor)
    ) {
      problems.push({ written: target, why: `names no heading of ${path.relative(repo.root, resolved)}` });
    }
  }
  return problems;
}

/** Every Markdown file under a folder. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+^${}()|[\]\\?]/g, '\\$&').replace(/\*/g, '.*')}$`);
}
