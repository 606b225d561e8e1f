import { ConflictError, ValidationError } from '@platform/contracts/errors';
import type { EnvironmentEvent, EnvironmentUpdateReason } from '@platform/contracts/environment/events';
import {
  APP_ENVIRONMENT_SETTING_NAMES,
  type AppEnvironmentPatch,
  type AppEnvironmentSettings,
} from '@platform/contracts/environment/settings';
import type { Command, Decider } from '../decider.ts';
import { evolveEnvironment, initialEnvironmentState, type EnvironmentState } from './environment.ts';

export type UpdateAppEnvironment = Command<
  'UpdateAppEnvironment',
  { patch: AppEnvironmentPatch; expectedVersion?: bigint }
>;
export type RecordAppEnvironmentUpdated = Command<
  'RecordAppEnvironmentUpdated',
  { reason: EnvironmentUpdateReason }
>;
export type EnvironmentCommand = UpdateAppEnvironment | RecordAppEnvironmentUpdated;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function updateAppEnvironment(
  command: UpdateAppEnvironment,
  state: EnvironmentState,
): EnvironmentEvent[] {
  const { patch, expectedVersion } = command.data;
  if (expectedVersion !== undefined && expectedVersion !== state.settingsVersion) {
    throw new ConflictError(
      'conflict.wrong_expected_version',
      `the app environment is at version ${state.settingsVersion}, not ${expectedVersion}: reload it and try again`,
    );
  }
  const next: AppEnvironmentSettings = { ...state.settings, ...stripUndefined(patch) };
  if (
    next.rentalMinDuration != null &&
    next.rentalMaxDuration != null &&
    next.rentalMinDuration > next.rentalMaxDuration
  ) {
    const field = patch.rentalMaxDuration !== undefined ? 'rentalMaxDuration' : 'rentalMinDuration';
    throw ValidationError.at(
      `/data/attributes/${field}`,
      'rentalMinDuration must not exceed rentalMaxDuration',
    );
  }
  const changes = Object.fromEntries(
    APP_ENVIRONMENT_SETTING_NAMES.filter((name) => !same(next[name], state.settings[name])).map((name) => [
      name,
      next[name],
    ]),
  );
  return Object.keys(changes).length === 0
    ? []
    : [{ type: 'AppEnvironmentSettingsChanged', data: { changes } }];
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function decideEnvironment(command: EnvironmentCommand, state: EnvironmentState): EnvironmentEvent[] {
  switch (command.type) {
    case 'UpdateAppEnvironment':
      return updateAppEnvironment(command, state);
    case 'RecordAppEnvironmentUpdated':
      return [{ type: 'AppEnvironmentUpdated', data: { reason: command.data.reason } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

export const environmentDecider: Decider<EnvironmentCommand, EnvironmentEvent, EnvironmentState> = {
  initialState: initialEnvironmentState,
  evolve: evolveEnvironment,
  decide: decideEnvironment,
};
