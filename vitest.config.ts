import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts'],
          exclude: ['**/node_modules/**', 'web/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          sequence: { groupOrder: 1 },
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        // the web's component, machine and pure-rule tests, in a browser-like DOM
        test: {
          name: 'web',
          include: ['web/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['web/src/testing/setup.ts'],
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
