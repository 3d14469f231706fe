import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Import cycles. `import-x/no-cycle` (eslint.config.js) refuses a cycle between files; it only
 * follows files whose extension import-x is told to parse, so these prove it really reads `.ts`.
 * A cycle between modules through different files is no file cycle: see module-graph.test.ts.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'import-x/no-cycle';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

/** The no-cycle messages ESLint gives `code` placed at `file` (relative to the repository). */
async function cycleMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath: `${root}${file}` });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('import-x/no-cycle (eslint.config.js)', () => {
  it('reports a file importing a .ts file that imports it back', async () => {
    // catalogue/service.ts imports ./store.ts: a store importing the service closes the loop.
    expect(await cycleMessages('src/modules/catalogue/store.ts', "import { catalogueService as imported } from './service.ts';")).toEqual([
      'Dependency cycle detected',
    ]);
  });

  it('reports a cycle several .ts files long', async () => {
    // app.ts → modules/catalogue/routes.ts → catalogue/service.ts → validation/validate.ts: validate.ts importing app.ts closes it.
    const messages = await cycleMessages('src/validation/validate.ts', "import { createApp as imported } from '../app.ts';");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Dependency cycle');
  });

  it('allows an import that leads nowhere back', async () => {
    expect(await cycleMessages('src/modules/catalogue/store.ts', "import { notFound as imported } from '../../errors.ts';")).toEqual([]);
  });
});
