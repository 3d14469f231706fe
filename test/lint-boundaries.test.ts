import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries eslint.config.js keeps (ARCHITECTURE rules 1, 3, 4 and 7, with the web
 * app's one-way layers), proved on small sources linted as if they sat at a given path. Each imports a real file, because the rule only
 * judges imports it can resolve; the source itself never exists on disk.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });
});

/** The boundary messages ESLint gives `code` placed at `file` (relative to the repository). */
async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath: `${root}${file}` });
  return result!.messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const WORKERS = 'Nothing imports workers/';
const MODULES = 'A module uses another only through its service.ts or presenter.ts';
const HTTP = 'Only routes import src/http/';
const FEATURES = 'Features do not import each other';
const ADMIN_SCREENS = 'Admin screens do not import each other';
const WEB_TO_SERVER = 'The web app reaches server code only through shared/';
const SHARED = 'shared/ is the contract between server and web';
const TEST_HELPERS = 'Production code never imports test/ or e2e/';
const CONFIG = 'config.ts imports no feature module';
const WEB_APP = 'Nothing imports web/src/app/';
const WEB_LAYOUTS = 'Only app/ mounts layouts/';
const WEB_FEATURE_FREE = 'components/ and lib/ import no feature';
const WEB_LIB = 'lib/ sits under components/';

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    ['src/ importing workers/', 'src/fixture.ts', "import { startBullWorkers as imported } from '../workers/runtime.ts';", WORKERS],
    ['shared/ importing workers/', 'shared/fixture.ts', "import { startBullWorkers as imported } from '../workers/runtime.ts';", WORKERS],
    [
      'a module importing another module’s model',
      'src/modules/auth/fixture.ts',
      "import { User as imported } from '../users/model.ts';",
      MODULES,
    ],
    [
      'a type-only import of another module’s model',
      'src/modules/enquiries/presenter.ts',
      "import type { ContactMessage } from '../contact/model.ts';\nconst imported = {} as ContactMessage;",
      MODULES,
    ],
    [
      'a module importing another module’s routes',
      'src/modules/auth/fixture.ts',
      "import { userRoutes as imported } from '../users/routes.ts';",
      MODULES,
    ],
    [
      'a module importing another module’s *-routes.ts',
      'src/modules/seo/fixture.ts',
      "import { catalogueAdminRoutes as imported } from '../catalogue/admin-routes.ts';",
      MODULES,
    ],
    [
      'a module importing another module’s store',
      'src/modules/seo/service.ts',
      "import { currentRevision as imported } from '../catalogue/store.ts';",
      MODULES,
    ],
    [
      'a module importing another module’s job',
      'src/modules/users/fixture.ts',
      "import { accountMailBuilders as imported } from '../auth/account-mail.ts';",
      MODULES,
    ],
    [
      'a service importing src/http/',
      'src/modules/users/service.ts',
      "import { requireAdmin as imported } from '../../http/guards.ts';",
      HTTP,
    ],
    [
      'a job importing src/http/',
      'src/modules/catalogue/render-job.ts',
      "import { multipart as imported } from '../../http/uploads.ts';",
      HTTP,
    ],
    ['a schema importing src/http/', 'src/modules/contact/schema.ts', "import { idParam as imported } from '../../http/params.ts';", HTTP],
    [
      'a web feature importing another feature',
      'web/src/features/catalogue/fixture.ts',
      "import { useSendContactMessageMutation as imported } from '../contact/api.ts';",
      FEATURES,
    ],
    [
      'an admin screen importing another',
      'web/src/features/admin/users/fixture.ts',
      "import { galleriesAdminApi as imported } from '../galleries/api.ts';",
      ADMIN_SCREENS,
    ],
    [
      'the web app importing server code',
      'web/src/app/fixture.ts',
      "import type { PublicWidget as imported } from '../../../src/modules/widgets/presenter.ts';",
      WEB_TO_SERVER,
    ],
    ['shared/ importing server code', 'shared/fixture.ts', "import { notFound as imported } from '../src/errors.ts';", SHARED],
    [
      'seeds/ importing a test helper',
      'seeds/fixture.ts',
      "import { insertWidget as imported } from '../test/factories.ts';",
      TEST_HELPERS,
    ],
    [
      'src/ importing a test helper',
      'src/modules/users/fixture.ts',
      "import { insertWidget as imported } from '../../../test/factories.ts';",
      TEST_HELPERS,
    ],
    [
      'workers/ importing a test helper',
      'workers/fixture.ts',
      "import { createTestContext as imported } from '../test/harness.ts';",
      TEST_HELPERS,
    ],
    [
      'shared/ importing a test helper',
      'shared/fixture.ts',
      "import { insertWidget as imported } from '../test/factories.ts';",
      TEST_HELPERS,
    ],
    ['src/ importing an e2e helper', 'src/fixture.ts', "import { screenshotDir as imported } from '../e2e/browser.ts';", TEST_HELPERS],
    [
      'config.ts importing a feature module',
      'src/config.ts',
      "import { directionsUrl as imported } from './modules/site/directions.ts';",
      CONFIG,
    ],
    [
      'web components/ importing app/',
      'web/src/components/fixture.ts',
      "import { readHandover as imported } from '../app/handover.ts';",
      WEB_APP,
    ],
    [
      'a web feature importing app/',
      'web/src/features/catalogue/fixture.ts',
      "import { readHandover as imported } from '../../app/handover.ts';",
      WEB_APP,
    ],
    [
      'a web layout importing app/',
      'web/src/layouts/main/fixture.ts',
      "import { readHandover as imported } from '../../app/handover.ts';",
      WEB_APP,
    ],
    ['web lib/ importing app/', 'web/src/lib/fixture.ts', "import { readHandover as imported } from '../app/handover.ts';", WEB_APP],
    [
      'the web test helpers importing app/',
      'web/src/test/fixture.ts',
      "import { readHandover as imported } from '../app/handover.ts';",
      WEB_APP,
    ],
    [
      'web components/ importing a feature',
      'web/src/components/fixture.ts',
      "import { useSendContactMessageMutation as imported } from '../features/contact/api.ts';",
      WEB_FEATURE_FREE,
    ],
    [
      'web lib/ importing a feature',
      'web/src/lib/api/fixture.ts',
      "import { useSendContactMessageMutation as imported } from '../../features/contact/api.ts';",
      WEB_FEATURE_FREE,
    ],
    ['web lib/ importing components/', 'web/src/lib/fixture.ts', "import { Notice as imported } from '../components/notice.tsx';", WEB_LIB],
    [
      'a web feature importing a layout',
      'web/src/features/plant-list/fixture.ts',
      "import { MAIN_ID as imported } from '../../layouts/main/main-layout.tsx';",
      WEB_LAYOUTS,
    ],
    [
      'web components/ importing a layout',
      'web/src/components/fixture.ts',
      "import { MAIN_ID as imported } from '../layouts/main/main-layout.tsx';",
      WEB_LAYOUTS,
    ],
    [
      'a web feature importing another feature’s API slice',
      'web/src/features/plant-list/fixture.ts',
      "import { catalogueApi as imported } from '../catalogue/api.ts';",
      FEATURES,
    ],
  ])('refuses %s', async (_case, file, code, expected) => {
    const messages = await boundaryMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['another module’s service', 'src/modules/auth/fixture.ts', "import { findUserById as imported } from '../users/service.ts';"],
    [
      'another module’s presenter',
      'src/modules/auth/fixture.ts',
      "import { presentCurrentUser as imported } from '../users/presenter.ts';",
    ],
    ['its own model', 'src/modules/users/fixture.ts', "import { User as imported } from './model.ts';"],
    ['src/http/ from routes.ts', 'src/modules/users/routes.ts', "import { requireAdmin as imported } from '../../http/guards.ts';"],
    [
      'src/http/ from *-routes.ts',
      'src/modules/catalogue/admin-routes.ts',
      "import { multipart as imported } from '../../http/uploads.ts';",
    ],
    ['the error catalogue from a service', 'src/modules/users/service.ts', "import { notFound as imported } from '../../errors.ts';"],
    [
      'validation from a service',
      'src/modules/catalogue/service.ts',
      "import { validate as imported } from '../../validation/validate.ts';",
    ],
    ['workers/ importing src/', 'workers/fixture.ts', "import { loadConfig as imported } from '../src/config.ts';"],
    [
      'a feature importing components/',
      'web/src/features/catalogue/fixture.ts',
      "import { Notice as imported } from '../../components/notice.tsx';",
    ],
    [
      'an admin screen importing admin/shared/',
      'web/src/features/admin/users/fixture.ts',
      "import { errorMessage as imported } from '../shared/errors.ts';",
    ],
    [
      'web app/ composing a feature',
      'web/src/app/fixture.ts',
      "import { useSendContactMessageMutation as imported } from '../features/contact/api.ts';",
    ],
    ['web app/ mounting a layout', 'web/src/app/fixture.ts', "import { MAIN_ID as imported } from '../layouts/main/main-layout.tsx';"],
    [
      'a web layout mounting a feature',
      'web/src/layouts/admin/fixture.ts',
      "import { DashboardPage as imported } from '../../features/admin/dashboard/dashboard-page.tsx';",
    ],
    ['a web feature importing lib/', 'web/src/features/contact/fixture.ts', "import { api as imported } from '../../lib/api/api.ts';"],
    ['web components/ importing lib/', 'web/src/components/fixture.ts', "import { useAppSelector as imported } from '../lib/hooks.ts';"],
    ['web lib/ importing shared/', 'web/src/lib/fixture.ts', "import { isClientRoute as imported } from '../../../shared/app-routes.ts';"],
    [
      'the web app importing shared/',
      'web/src/app/fixture.ts',
      "import { isClientRoute as imported } from '../../../shared/app-routes.ts';",
    ],
    ['the server importing shared/', 'src/http/fixture.ts', "import { isClientRoute as imported } from '../../shared/app-routes.ts';"],
    [
      'a test beside the code importing a test helper',
      'src/modules/users/fixture.test.ts',
      "import { insertWidget as imported } from '../../../test/factories.ts';",
    ],
    [
      'a test importing the seeds’ row factories',
      'test/fixture.test.ts',
      "import { insertCatalogueItems as imported } from '../seeds/factories.ts';",
    ],
    ['config.ts importing a parser beside it', 'src/config.ts', "import { parseOpeningHours as imported } from './opening-hours.ts';"],
  ])('allows %s', async (_case, file, code) => {
    expect(await boundaryMessages(file, code)).toEqual([]);
  });
});
