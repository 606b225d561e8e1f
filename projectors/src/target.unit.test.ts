import { describe, expect, it } from 'vitest';
import { assertValidProjection, rebuildTarget, versionTarget } from './target.ts';
import { counterProjection } from '@platform/tests/support/projectors';

describe('build targets', () => {
  it('names the schema and checkpoint of a version and of a rebuild', () => {
    const projection = counterProjection({ name: 'app_pages', version: 3 });
    expect(versionTarget(projection)).toMatchObject({
      checkpointName: 'app_pages',
      schema: 'proj_app_pages_v3',
    });
    expect(rebuildTarget(projection)).toMatchObject({
      checkpointName: 'app_pages:rebuild',
      version: 3,
      schema: 'proj_app_pages_v3_rebuild',
    });
  });

  it.each([
    ['an upper-case name', { name: 'Pages' }],
    ['a quote in the name', { name: 'pages"; drop table x; --' }],
    ['a name too long for a schema', { name: 'p'.repeat(41) }],
    ['version 0', { version: 0 }],
    ['a fractional version', { version: 1.5 }],
  ])('rejects %s', (_label, override) => {
    expect(() => assertValidProjection({ ...counterProjection(), ...override })).toThrow();
  });

  it('rejects a table name that is not a plain identifier', () => {
    expect(() => assertValidProjection({ ...counterProjection(), tables: ['ok', 'bad-name'] })).toThrow(
      /bad-name/,
    );
  });
});
