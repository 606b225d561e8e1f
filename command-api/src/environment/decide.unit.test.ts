import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '@platform/contracts/errors';
import type { EnvironmentEvent } from '@platform/contracts/environment/events';
import {
  AppEnvironmentPatchSchema,
  type AppEnvironmentPatch,
} from '@platform/contracts/environment/settings';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { environmentDecider, type EnvironmentCommand } from './decide.ts';

const spec = deciderSpec(environmentDecider);
const metadata = specMetadata();
const update = (patch: AppEnvironmentPatch, expectedVersion?: bigint): EnvironmentCommand => ({
  type: 'UpdateAppEnvironment',
  data: { patch, expectedVersion },
  metadata,
});
const changed = (changes: AppEnvironmentPatch): EnvironmentEvent => ({
  type: 'AppEnvironmentSettingsChanged',
  data: { changes },
});
const signal: EnvironmentEvent = {
  type: 'AppEnvironmentUpdated',
  data: { reason: { resourceType: 'app-pages', resourceId: 'p', action: 'saved' } },
};

describe('environment decider', () => {
  it('records only the settings that change', () => {
    spec
      .given([changed({ rentalMaxItems: 5, description: 'Hello' })])
      .when(update({ rentalMaxItems: 5, description: 'Bonjour', rentalMinDuration: 2 }))
      .then([changed({ description: 'Bonjour', rentalMinDuration: 2 })]);
  });

  it('decides nothing when nothing changes', () => {
    spec
      .given([changed({ rentalMaxItems: 5 })])
      .when(update({ rentalMaxItems: 5 }))
      .then([]);
  });

  it('clears a setting with null', () => {
    spec
      .given([changed({ rlCharterUrl: 'https://example.org/charter' })])
      .when(update({ rlCharterUrl: null }))
      .then([changed({ rlCharterUrl: null })]);
  });

  it('refuses a minimum duration above the stored maximum', () => {
    spec
      .given([changed({ rentalMaxDuration: 10 })])
      .when(update({ rentalMinDuration: 11 }))
      .thenThrows(ValidationError, {
        issues: [expect.objectContaining({ pointer: '/data/attributes/rentalMinDuration' })],
      });
  });

  it('compares If-Match with the settings version, not with the update signals', () => {
    const history = [changed({ rentalMaxItems: 5 }), signal, signal];
    spec
      .given(history)
      .when(update({ rentalMaxItems: 6 }, 0n))
      .then([changed({ rentalMaxItems: 6 })]);
    spec
      .given(history)
      .when(update({ rentalMaxItems: 6 }, 2n))
      .thenThrows(ConflictError);
    spec
      .given([])
      .when(update({ rentalMaxItems: 6 }, 0n))
      .thenThrows(ConflictError);
  });

  it('records an environment update signal with its reason', () => {
    spec.given([]).when({ type: 'RecordAppEnvironmentUpdated', data: signal.data, metadata }).then([signal]);
  });
});

describe('environment settings schema', () => {
  it.each([
    [{ rentalMaxItems: -1 }, 'rentalMaxItems'],
    [{ rentalMinDuration: 1.5 }, 'rentalMinDuration'],
    [{ rentalOrganizationTax: 101 }, 'rentalOrganizationTax'],
    [{ becomeMemberUrl: 'not a url' }, 'becomeMemberUrl'],
    [{ rlCharterUrl: 'javascript:alert(1)' }, 'rlCharterUrl'],
    [{ openBadgeIssuerAccessLevel: 'superuser' }, 'openBadgeIssuerAccessLevel'],
    [{ rentalMinDuration: 5, rentalMaxDuration: 4 }, 'rentalMaxDuration'],
    [{ unknownSetting: 1 }, ''],
  ])('refuses %j', (patch, field) => {
    const parsed = AppEnvironmentPatchSchema.safeParse(patch);
    expect(parsed.success).toBe(false);
    if (!parsed.success && field) expect(parsed.error.issues[0]?.path).toEqual([field]);
  });

  it('accepts a valid partial patch', () => {
    const parsed = AppEnvironmentPatchSchema.parse({
      rentalMaxItems: 0,
      becomeMemberUrl: 'https://example.org/join',
    });
    expect(parsed).toEqual({ rentalMaxItems: 0, becomeMemberUrl: 'https://example.org/join' });
  });
});
