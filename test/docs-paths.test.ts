import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, markdownFiles, missingPaths, repository, section } from './markdown-paths.ts';

/**
 * The repository carries its own design (issue 17): docs/architecture.md's layout must name files
 * and folders that exist, and no page may link to something the repository does not have (the
 * README once pointed at ../shared/ARCHITECTURE.md, outside it).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const repo = repository(root);
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('docs/architecture.md', () => {
  it('names only existing paths in its layout section', () => {
    const { checked, problems } = missingPaths(section(read('docs/architecture.md'), 'Layout'), repo);
    expect(problems).toEqual([]);
    // A layout rewritten into a form the check cannot read (a code block, bare names) must not pass unread.
    expect(checked.length).toBeGreaterThan(60);
  });

  it('and docs/api.md name only existing paths anywhere', () => {
    for (const file of ['docs/architecture.md', 'docs/api.md']) {
      expect(missingPaths(read(file), repo).problems, file).toEqual([]);
    }
  });
});

describe('links in README.md and docs/', () => {
  it('every relative link resolves to a file of the repository, and its anchor to a heading', () => {
    const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
    expect(files.length).toBeGreaterThan(10);
    const broken = files.flatMap((file) =>
      brokenLinks(readFileSync(file, 'utf8'), file, repo).map((problem) => ({ file: path.relative(root, file), ...problem })),
    );
    expect(broken).toEqual([]);
  });
});

describe('the check itself', () => {
  it('reports the paths the first design named that never existed, and not the ones that do', () => {
    const layout = [
      '## Layout',
      '- `src/app.ts` builds the app; `src/storage.ts` files; `src/http/errors.ts` errors.',
      '- `workers/main.ts` and `workers/mail.ts`; `src/modules/<feature>/`, `src/modules/*/routes*.ts`.',
      '- `src/outbox/` but not `src/outbox.ts/`; a misspelt root `sr/app.ts`; `src/main.ts/` is no folder.',
      '- Left alone: `/api/catalogue`, `galleries/{id}/originals/x.jpg`, `VAR_DIR/db`, `web/dist/index.html`, `lib/api/`.',
      '## Next',
      '- `src/not-in-the-layout.ts`',
    ].join('\n');
    const { checked, problems } = missingPaths(section(layout, 'Layout'), repo);
    expect(problems.map((p) => p.written).sort()).toEqual([
      'sr/app.ts',
      'src/http/errors.ts',
      'src/main.ts/',
      'src/outbox.ts/',
      'src/storage.ts',
      'workers/mail.ts',
    ]);
    expect(checked).toContain('src/modules/*/routes*.ts');
    expect(checked).not.toContain('web/dist/index.html');
  });

  it('reports links outside the repository, to missing files and to missing headings', () => {
    const page = path.join(root, 'docs', 'page.md');
    const links = [
      '[design](../../shared/ARCHITECTURE.md)',
      '[ok](architecture.md#how-a-request-flows)',
      '[folder](decisions/)',
      '[gone](nope.md)',
      '[anchor](api.md#no-such-heading)',
      '[self](#a-heading) [self, misspelt](#a-headin)',
      '[build output](../web/dist/index.html)',
      'See `../../shared/ARCHITECTURE.md` and `../src/app.ts`.',
      '[site](https://example.com/x.md) [mail](mailto:a@example.com)',
      '## A heading',
    ].join('\n');
    expect(brokenLinks(links, page, repo).map((p) => [p.written, p.why])).toEqual([
      ['../../shared/ARCHITECTURE.md', 'points outside the repository'],
      ['nope.md', 'is not a file of the repository'],
      ['api.md#no-such-heading', 'names no heading of docs/api.md'],
      ['#a-headin', 'names no heading of docs/page.md'],
      ['../web/dist/index.html', 'is not a file of the repository'],
      ['../../shared/ARCHITECTURE.md', 'points outside the repository'],
    ]);
  });
});
