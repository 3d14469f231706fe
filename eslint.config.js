// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The repository root: zones are resolved against it, whichever directory ESLint runs from. */
const root = fileURLToPath(new URL('.', import.meta.url));

/** The sub-folders of a folder: each is a module or feature with a boundary of its own. */
const folders = (/** @type {string} */ folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Each feature module reaches another only through that module's public face (ARCHITECTURE rule 1):
 *   - `service.ts`: what the module does, and the types its functions take and return;
 *   - `presenter.ts`: how its records look in responses (pure functions of a record, no queries).
 * Never its model, store, routes, schema, jobs or helpers: those are the module's own business, and
 * a change to them must not ripple into another module.
 */
const PUBLIC_FACE = ['service.ts', 'presenter.ts'];

const modules = folders('./src/modules/');
const moduleZones = modules.map((name) => ({
  target: `./src/modules/${name}`,
  from: './src/modules',
  except: [`./${name}`, ...modules.filter((other) => other !== name).flatMap((other) => PUBLIC_FACE.map((file) => `./${other}/${file}`))],
  message: `A module uses another only through its ${PUBLIC_FACE.join(' or ')} (ARCHITECTURE rule 1).`,
}));

/**
 * The web app's layers, one way like bulletproof-react (ARCHITECTURE rule 7):
 *   app/ → layouts/ → features/ → components/ → lib/
 * `app/` composes (routes, providers, entry points), so nothing imports it; `layouts/` frame the
 * features and only `app/` mounts them; `components/` are shared UI and know no feature; `lib/`
 * (the one RTK Query api, the session, the store, typed hooks) sits under everything, so every
 * layer may import it and it imports no layer above. web/src/test/ helpers may use lib/ only.
 */
const WEB = './web/src';
const webLayerZones = [
  {
    target: [`${WEB}/layouts`, `${WEB}/features`, `${WEB}/components`, `${WEB}/lib`, `${WEB}/test`],
    from: `${WEB}/app`,
    message: 'Nothing imports web/src/app/: it composes the app; shared code lives in lib/ or components/ (ARCHITECTURE rule 7).',
  },
  {
    target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`, `${WEB}/test`],
    from: `${WEB}/layouts`,
    message: 'Only app/ mounts layouts/; what a feature needs from one belongs in components/ or lib/ (ARCHITECTURE rule 7).',
  },
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/test`],
    from: `${WEB}/features`,
    message: 'components/ and lib/ import no feature: move what they need out of the feature (ARCHITECTURE rule 7).',
  },
  {
    target: `${WEB}/lib`,
    from: `${WEB}/components`,
    message: 'lib/ sits under components/ and imports none (ARCHITECTURE rule 7).',
  },
];

/** Web features never import each other (ARCHITECTURE rule 7); shared pieces live in components/ or lib/. */
const featureZones = folders('./web/src/features/').map((name) => ({
  target: `./web/src/features/${name}`,
  from: './web/src/features',
  except: [`./${name}`],
  message: 'Features do not import each other; move what both need to components/ or lib/ (ARCHITECTURE rule 7).',
}));

/** The admin's screens are features too: each mirrors a server module; only shared/ and test/ are common. */
const ADMIN_COMMON = ['shared', 'test'];
const adminScreenZones = folders('./web/src/features/admin/')
  .filter((name) => !ADMIN_COMMON.includes(name))
  .map((name) => ({
    target: `./web/src/features/admin/${name}`,
    from: './web/src/features/admin',
    except: [`./${name}`, ...ADMIN_COMMON.map((common) => `./${common}`)],
    message: 'Admin screens do not import each other; common pieces live in features/admin/shared/ (ARCHITECTURE rule 7).',
  }));

/**
 * Layers. `workers/` only starts the worker process: nothing imports it (rule 4). `src/http/` is the
 * Koa edge: only a module's routes (`routes.ts`, `*-routes.ts`) reach into it; services, jobs, models
 * and schemas throw from `src/errors.ts` and validate with `src/validation/`, so they run the same
 * from a route, a job, a seed or the CLI (rule 3). Server and web meet only in `shared/`.
 */
const layerZones = [
  {
    target: ['./src', './shared', './web'],
    from: './workers',
    message: 'Nothing imports workers/: job processors live in their modules, workers/ only runs them (ARCHITECTURE rule 4).',
  },
  {
    target: './src/modules/**/!(routes|*-routes).ts',
    from: './src/http',
    message: 'Only routes import src/http/; services throw from src/errors.ts and validate with src/validation/ (ARCHITECTURE rule 3).',
  },
  {
    target: './web',
    from: './src',
    message: 'The web app reaches server code only through shared/ (types and constants both sides import).',
  },
  {
    target: './shared',
    from: ['./src', './web'],
    message: 'shared/ is the contract between server and web: it imports neither.',
  },
  {
    // Test files beside the code (*.test.ts) may use the helpers; nothing that ships in dist/ may.
    target: ['./src', './workers', './seeds', './shared'].map((folder) => `${folder}/**/!(*.test).ts`),
    from: ['./test', './e2e'],
    message: 'Production code never imports test/ or e2e/: what both need lives in production code (e.g. seeds/factories.ts).',
  },
  {
    // Every process loads config.ts first; a feature module there would load into all of them.
    target: './src/config.ts',
    from: './src/modules',
    message: 'config.ts imports no feature module: a feature imports its setting from config instead.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'web/dist/', 'var/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Without these import-x skips every .ts/.tsx file it resolves (its default extensions are
      // JavaScript only), so no-cycle never looked past the first import and could not fire.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // Modules talk through services; a cycle means a slice boundary leaked (ARCHITECTURE rule 1).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones, ...moduleZones, ...webLayerZones, ...featureZones, ...adminScreenZones] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.{ts,js,mjs}'], ignores: ['web/**'], languageOptions: { globals: globals.node } },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
