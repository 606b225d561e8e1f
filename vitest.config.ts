import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/sequencer.ts';
import { messageBundles } from './web/message-bundles.ts';

export default defineConfig({
  test: {
    // longest files first in each project, from a committed table when there is no timing cache (a fresh clone)
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', 'web/**'],
          sequence: { groupOrder: 0 },
          // vitest's default is one worker fewer than the cores: one on two, with the other core mostly idle
          maxWorkers: 2,
          // pure functions without mocks: one module graph per worker, not per file (a fresh graph per file was
          // three quarters of the project's time)
          isolate: false,
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/support/global-setup.ts'],
          // bounds for a hung test, not for a slow one: a loaded two-core machine runs these several times slower
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 20_000, interval: 100 } },
          pool: 'forks',
          maxWorkers: 2,
          // each file starts its own apps on its own database; the platform's modules are loaded once per worker
          isolate: false,
        },
      },
      {
        // the web's component, machine and pure-rule tests, in a browser-like DOM
        // (a locale's messages load as the browser's build loads them: web/message-bundles.ts)
        plugins: [messageBundles()],
        test: {
          name: 'web',
          include: ['web/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['web/src/kit/testing/setup.ts'],
          // a whole app renders per test in jsdom; the first render of a run also transforms its modules
          testTimeout: 60_000,
          // one jsdom and one module graph per worker, not per file: the files clean up after each test
          // (testing/setup.ts), and a fresh environment per file cost two thirds of the project's CPU time
          isolate: false,
          sequence: { groupOrder: 2 },
          // both cores: nothing else runs in this project's phase (the default would be one worker on two cores)
          maxWorkers: 2,
        },
      },
      {
        // a real Chromium against the platform as `npm start` runs it (tests/e2e/support/global-setup.ts)
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // the platform is built and seeded in the background while the other projects run (global-setup.ts)
          setupFiles: ['tests/e2e/support/ready.ts'],
          sequence: { groupOrder: 3 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits for a condition, which on two loaded cores takes more than the default second
          expect: { poll: { timeout: 20_000, interval: 100 } },
          pool: 'forks',
          // the platform, PostgreSQL and Chromium share two cores with the test workers
          maxWorkers: 2,
        },
      },
    ],
  },
});
