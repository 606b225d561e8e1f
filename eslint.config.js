import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/*
 * Dependencies run one way: contracts <- infra <- command-api, projectors, query-api <- host (and tests); web
 * imports contracts only. Test files (*.test.ts) may also use their siblings and the shared test support of
 * tests/support and tests/contract (test apps, decider and projection specs), never what stands above.
 * Production source never imports tests/, by package name or by a relative path.
 */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];
const layer = (name) => ({
  group: [`@platform/${name}`, `@platform/${name}/**`],
  message: `a lower layer must not import @platform/${name}`,
});
const testSupportOnly = {
  regex: '^@platform/tests(?!/(support|contract)/)',
  message: 'test code below the host uses only tests/support and tests/contract',
};
const noRelativeTests = {
  regex: '^(\\.\\./)+tests(/|$)',
  message: 'production source must not import tests/',
};
const restrict = (files, names, extra = [], ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...names.map(layer), ...(names.includes('tests') ? [noRelativeTests] : []), ...extra] },
    ],
  },
});
const SERVICES = ['command-api', 'query-api', 'projectors'];
const layering = [
  restrict(['contracts/**'], ['infra', ...SERVICES, 'host', 'web', 'tests']),
  restrict(['infra/**'], [...SERVICES, 'host', 'web', 'tests'], [], TEST_FILES),
  restrict(
    TEST_FILES.map((f) => `infra/${f}`),
    [...SERVICES, 'host', 'web'],
    [testSupportOnly],
  ),
  ...SERVICES.flatMap((service) => [
    restrict(
      [`${service}/**`],
      [...SERVICES.filter((s) => s !== service), 'host', 'web', 'tests'],
      [],
      TEST_FILES,
    ),
    restrict(
      TEST_FILES.map((f) => `${service}/${f}`),
      ['host', 'web'],
      [testSupportOnly],
    ),
  ]),
  restrict(['host/**'], ['web', 'tests'], [], TEST_FILES),
  restrict(['web/**'], ['infra', ...SERVICES, 'host', 'tests']),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.data/**',
      'test-output/**',
      'web/dist/**',
      '**/*.js',
      '!eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  ...layering,
);
