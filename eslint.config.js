import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/*
 * The web's storeys (web/README.md), lowest first: web/src/kit <- web/src/features/<module> <- web/src/frame <-
 * web/src/main.tsx. The kit imports the kit only; a feature imports the kit, itself, and another feature through
 * that feature's index.ts alone; the frame imports the kit, itself and the features' index.ts. Tests and test
 * support (*.test.ts(x), testing.ts, *-testing.ts(x)) may also render the whole app (frame/testing) and use
 * another feature's test support.
 */
const WEB_SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), 'web', 'src');
function webPlace(file) {
  const parts = path.relative(WEB_SRC, file).split(path.sep);
  if (parts[0] === '..' || path.isAbsolute(parts[0])) return null;
  if (parts[0] === 'kit' || parts[0] === 'frame') return { storey: parts[0], rest: parts.slice(1).join('/') };
  if (parts[0] === 'features' && parts.length > 2)
    return { storey: 'features', feature: parts[1], rest: parts.slice(2).join('/') };
  return { storey: 'main', rest: parts.join('/') };
}
const isTestCode = (rest) => /(^|\/)([^/]*\.test\.tsx?|testing\.tsx?|[^/]*-testing\.tsx?)$/.test(rest);
function webImportProblem(from, to) {
  const test = isTestCode(from.rest);
  if (to.storey === 'kit') return null;
  if (to.storey === 'frame') {
    if (from.storey === 'frame' || from.storey === 'main') return null;
    if (test && to.rest.startsWith('testing/')) return null;
    return from.storey === 'kit'
      ? 'the kit builds on nothing above it: web/src/kit must not import the frame'
      : 'a feature must not import the frame (it builds on the kit; the frame mounts the feature)';
  }
  if (to.storey === 'features') {
    if (from.storey === 'kit')
      return 'the kit builds on nothing above it: web/src/kit must not import a feature';
    if (from.storey === 'features' && from.feature === to.feature) return null;
    if (to.rest === 'index.ts') return null;
    if (test && isTestCode(to.rest)) return null;
    return `another feature's inside: import what features/${to.feature} exports from its index.ts`;
  }
  return from.storey === 'main' ? null : 'nothing imports web/src/main.tsx';
}
const webLayers = {
  rules: {
    'one-way': {
      meta: { type: 'problem', schema: [], docs: { description: "web/src's storeys import one way" } },
      create(context) {
        const from = webPlace(context.filename);
        if (!from) return {};
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const to = webPlace(path.resolve(path.dirname(context.filename), source.value));
          const problem = to && webImportProblem(from, to);
          if (problem) context.report({ node: source, message: `${problem} (${source.value})` });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          TSImportType: (node) => check(node.argument?.literal ?? node.argument),
        };
      },
    },
  },
};
const webStoreys = {
  files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
  plugins: { 'web-layers': webLayers },
  rules: { 'web-layers/one-way': 'error' },
};

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
  webStoreys,
);
