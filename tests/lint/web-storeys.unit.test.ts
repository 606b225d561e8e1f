import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, as `npx eslint web` runs it, on code that is not on disk.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function storeyProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'web-layers/one-way').map((m) => m.message);
}

describe("the web's storeys import one way (eslint.config.js, web/README.md)", () => {
  // the first lint loads the configuration and its parser: slow on a loaded machine, so apart from the checks
  beforeAll(() => eslint.lintText('', { filePath: 'web/src/kit/warm-up.ts' }), 60_000);

  it('the kit may not import a feature', async () => {
    const problems = await storeyProblems(
      'web/src/kit/ui/fixture.tsx',
      "import { CouponsScreen } from '../../features/coupons/index.ts';\nexport const x = CouponsScreen;\n",
    );
    expect(problems).toEqual([
      'the kit builds on nothing above it: web/src/kit must not import a feature (../../features/coupons/index.ts)',
    ]);
  });

  it('the kit may not import the frame, not even lazily', async () => {
    const problems = await storeyProblems(
      'web/src/kit/loading/fixture.ts',
      "export const load = () => import('../../frame/app.tsx');\n",
    );
    expect(problems).toEqual([
      'the kit builds on nothing above it: web/src/kit must not import the frame (../../frame/app.tsx)',
    ]);
  });

  it('a feature reaches another feature through its index.ts only, and never the frame', async () => {
    const problems = await storeyProblems(
      'web/src/features/likes/fixture.ts',
      [
        "import { LikesScreen } from './index.ts';",
        "import { CouponsScreen } from '../coupons/index.ts';",
        "import { CouponsContent } from '../coupons/coupons-screen.tsx';",
        "import { Shell } from '../../frame/shell/shell.tsx';",
        "import { Button } from '../../kit/ui/button.tsx';",
        'export const all = [LikesScreen, CouponsScreen, CouponsContent, Shell, Button];',
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([
      "another feature's inside: import what features/coupons exports from its index.ts (../coupons/coupons-screen.tsx)",
      'a feature must not import the frame (it builds on the kit; the frame mounts the feature) (../../frame/shell/shell.tsx)',
    ]);
  });

  it('the frame mounts features through their index.ts; a test may render the whole app', async () => {
    expect(
      await storeyProblems(
        'web/src/frame/fixture.tsx',
        "import { adminRoutes } from '../features/admin/index.ts';\nimport { users } from '../features/admin/users.tsx';\nexport const all = [adminRoutes, users];\n",
      ),
    ).toEqual([
      "another feature's inside: import what features/admin exports from its index.ts (../features/admin/users.tsx)",
    ]);
    expect(
      await storeyProblems(
        'web/src/features/admin/fixture.unit.test.tsx',
        "import { renderApp } from '../../frame/testing/render-app.tsx';\nexport const all = [renderApp];\n",
      ),
    ).toEqual([]);
  });
});
