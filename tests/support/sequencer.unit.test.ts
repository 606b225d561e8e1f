import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { LongestFirstSequencer } from './sequencer.ts';

const project = (name: string, groupOrder: number) => ({ name, config: { sequence: { groupOrder } } });
const UNIT = project('unit', 0);
const E2E = project('e2e', 3);
const spec = (path: string, p = E2E) =>
  ({ moduleId: `/repo/${path}`, project: p }) as unknown as TestSpecification;

function sequencer(cached: Record<string, number> = {}) {
  const ctx = {
    config: { root: '/repo' },
    cache: {
      getFileTestResults: (key: string) =>
        key in cached ? { duration: cached[key]!, failed: false } : undefined,
      getFileStats: () => undefined,
    },
  };
  return new LongestFirstSequencer(ctx as unknown as Vitest);
}

describe('the order test files start in', () => {
  it('runs the longest known files of a project first, unknown ones after, projects in their group order', async () => {
    const files = [
      spec('tests/e2e/a-new.e2e.test.ts'),
      spec('tests/e2e/pages.e2e.test.ts'),
      spec('tests/e2e/reflow.e2e.test.ts'),
      spec('contracts/src/x.unit.test.ts', UNIT),
      spec('tests/e2e/rental.e2e.test.ts'),
    ];
    const sorted = await sequencer().sort(files);
    expect(sorted.map((s) => s.moduleId.replace('/repo/', ''))).toEqual([
      'contracts/src/x.unit.test.ts',
      'tests/e2e/reflow.e2e.test.ts',
      'tests/e2e/rental.e2e.test.ts',
      'tests/e2e/pages.e2e.test.ts',
      'tests/e2e/a-new.e2e.test.ts',
    ]);
  });

  it('prefers what this machine measured last time to the table', async () => {
    const files = [spec('tests/e2e/reflow.e2e.test.ts'), spec('tests/e2e/pages.e2e.test.ts')];
    const sorted = await sequencer({ 'e2e:tests/e2e/reflow.e2e.test.ts': 1000 }).sort(files);
    expect(sorted.map((s) => s.moduleId.replace('/repo/', ''))).toEqual([
      'tests/e2e/pages.e2e.test.ts',
      'tests/e2e/reflow.e2e.test.ts',
    ]);
  });
});
