import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: server (real PostgreSQL/Redis/SMTP, a database per file), web (components in
 * jsdom) and e2e (Debian Chromium against a real server, one file at a time).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'workers/**/*.test.ts',
            'seeds/**/*.test.ts',
            'test/**/*.test.ts',
            'shared/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          globalSetup: ['test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          css: { modules: { classNameStrategy: 'non-scoped' } },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts', 'e2e/global-setup.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
