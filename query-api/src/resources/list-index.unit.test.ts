import { describe, expect, it } from 'vitest';
import { ROLES } from '@platform/contracts/enums';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { anonymousViewer, type Viewer } from '@platform/infra/http/viewer';
import { resourceTable, visibilityColumns } from '@platform/infra/resources/table';
import { gateSql, readableSql } from './visibility.ts';

/**
 * A list index's membership table (ADR 0050) copies the columns the record's visibility reads, and the list's
 * count applies that visibility to it: every column the visibility names, for every kind of viewer and trashed
 * view, must be among those it copies (or the count fails on a column it lacks).
 */
const viewers: Viewer[] = [
  anonymousViewer,
  { userId: '00000000-0000-4000-8000-000000000001', roles: [], accessWeight: 300, isAdmin: false },
  {
    userId: '00000000-0000-4000-8000-000000000002',
    roles: [],
    accessWeight: 100,
    isAdmin: false,
    actingAsOrganizationId: '00000000-0000-4000-8000-000000000003',
  },
  { userId: '00000000-0000-4000-8000-000000000004', roles: [...ROLES], accessWeight: 400, isAdmin: true },
];

describe('the list indexes of the catalogue', () => {
  const indexed = resourceCatalogue.filter((d) => Object.values(d.relationships).some((r) => r.listIndex));

  it('are on the taggable types and the repository items', () => {
    expect(indexed.map((d) => d.type)).toContain('repository-items');
    expect(indexed.every((d) => d.traits.taggable || d.type === 'repository-items')).toBe(true);
  });

  it.each(indexed.map((d) => [d.type, d] as const))(
    '%s: its visibility reads only copied columns',
    (_, d) => {
      const shape = resourceTable(d);
      const copied = new Set(['id', ...visibilityColumns(d).map((c) => c.column)]);
      for (const viewer of viewers)
        for (const trashed of [undefined, 'with', 'only'] as const) {
          const parts = [readableSql(d, shape, viewer, 'index', trashed ? { trashed } : {})];
          const gate = gateSql(d, shape, viewer, resourceCatalogue);
          if (gate) parts.push(gate);
          for (const part of parts) {
            const named = [...part.sql.matchAll(/"r"\."([a-z_0-9]+)"/g)].map((m) => m[1]!);
            expect(named.filter((c) => !copied.has(c))).toEqual([]);
          }
        }
    },
  );
});
