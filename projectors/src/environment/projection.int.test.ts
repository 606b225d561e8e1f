import { describe, expect, it } from 'vitest';
import type { EnvironmentEvent } from '@platform/contracts/environment/events';
import { projectionSpec } from '@platform/tests/support/projection-spec';
import { environmentProjection } from './projection.ts';

const spec = projectionSpec<EnvironmentEvent>(environmentProjection, { streamId: 'environment-main' });
const query = `select id, settings, initialized, revision::int as revision, settings_version::int as settings_version,
                      last_reason, updated_by, updated_at from app_environment`;

const signal: EnvironmentEvent = {
  type: 'AppEnvironmentUpdated',
  data: { reason: { resourceType: 'app-menu-items', resourceId: 'm', action: 'deleted' } },
};

describe('environment projection', () => {
  it('merges settings changes and counts every event in the revision', async () => {
    await spec
      .given([
        {
          type: 'AppEnvironmentSettingsChanged',
          data: { changes: { rentalMaxItems: 5, description: 'Hello' } },
        },
        signal,
        {
          type: 'AppEnvironmentSettingsChanged',
          data: { changes: { description: null, rentalMinDuration: 2 } },
        },
        { ...signal, actor: { userId: 'admin-2' } },
      ])
      .thenRows(query, [
        {
          id: 'main',
          settings: { rentalMaxItems: 5, description: null, rentalMinDuration: 2 },
          initialized: true,
          revision: 4,
          settings_version: 2,
          last_reason: signal.data.reason,
          updated_by: 'admin-2',
          updated_at: new Date('2025-05-14T10:00:03.000Z'),
        },
      ]);
  });

  it('creates the row on a first update signal, not yet initialized', async () => {
    await spec
      .given([signal])
      .thenRows(query, [
        expect.objectContaining({ settings: {}, initialized: false, revision: 1, settings_version: null }),
      ]);
  });
});
