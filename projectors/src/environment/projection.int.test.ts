import { describe, expect, it } from 'vitest';
import { appEnvironmentResource } from '@platform/contracts/environment/app-environment';
import { projectionSpec } from '@platform/tests/support/projection-spec';
import { resourceProjection } from '../resources/projection.ts';
import { environmentProjection } from './projection.ts';

const signal = {
  type: 'AppEnvironmentUpdated',
  data: { reason: { resourceType: 'app-menu-items', resourceId: 'm', action: 'deleted' } },
};
/** stored by the environment module before its settings became a resource */
const legacy = (changes: Record<string, unknown>) => ({
  type: 'AppEnvironmentSettingsChanged',
  data: { changes },
});
const updated = (attributes: Record<string, unknown>) => ({
  type: 'AppEnvironmentSettingsUpdated',
  data: { id: 'main', attributes, relationships: {} },
});

describe('environment revision projection', () => {
  const spec = projectionSpec(environmentProjection, { streamId: 'environment-main' });
  const query = `select id, revision::int as revision, last_reason, updated_by, updated_at from app_environment`;

  it('counts every event of the environment stream: old and new settings changes and signals', async () => {
    await spec
      .given([
        legacy({ rentalMaxItems: 5 }),
        signal,
        updated({ description: 'Hello' }),
        { ...updated({ description: null }), actor: { userId: 'admin-2' } },
      ])
      .thenRows(query, [
        {
          id: 'main',
          revision: 4,
          last_reason: signal.data.reason,
          updated_by: 'admin-2',
          updated_at: new Date('2025-05-14T10:00:03.000Z'),
        },
      ]);
  });

  it('leaves out a signal of another stream', async () => {
    await spec
      .given([signal, { ...signal, streamId: 'environment-other' }])
      .thenRows(query, [expect.objectContaining({ revision: 1 })]);
  });
});

describe('app-environments projection beside the signals', () => {
  const spec = projectionSpec(resourceProjection(appEnvironmentResource), {
    streamId: 'environment-main',
  });
  const query = `select id, rental_max_items::int as rental_max_items, description, integration_templates,
                        version::int as version, updated_at from app_environments`;

  it('starts from the fixed row, unchanged: no version, no change time', async () => {
    await spec.given([]).thenRows(query, [
      {
        id: 'main',
        rental_max_items: null,
        description: null,
        integration_templates: null,
        version: null,
        updated_at: null,
      },
    ]);
  });

  it('reads stored settings changes as updates; the signals leave the version at the last change', async () => {
    await spec
      .given([
        legacy({ rentalMaxItems: 5, description: 'Hello', integrationTemplates: { welcome: 'Hi' } }),
        signal,
        updated({ description: 'Bye' }),
        signal,
      ])
      .thenRows(query, [
        {
          id: 'main',
          rental_max_items: 5,
          description: 'Bye',
          integration_templates: { welcome: 'Hi' },
          version: 2,
          updated_at: new Date('2025-05-14T10:00:02.000Z'),
        },
      ]);
  });
});
