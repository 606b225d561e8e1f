import type { EnvironmentEvent } from '@platform/contracts/environment/events';
import {
  emptyAppEnvironmentSettings,
  type AppEnvironmentSettings,
} from '@platform/contracts/environment/settings';

/**
 * `environment-main` holds the settings and the "environment updated" signals every CMS save appends. If-Match
 * on the settings compares with `settingsVersion`, so an unrelated page save does not make an editor's form stale.
 */
export interface EnvironmentState {
  version: bigint;
  /** revision of the last settings change (-1 before the first) */
  settingsVersion: bigint;
  settings: AppEnvironmentSettings;
}

export const initialEnvironmentState = (): EnvironmentState => ({
  version: -1n,
  settingsVersion: -1n,
  settings: emptyAppEnvironmentSettings(),
});

export function evolveEnvironment(state: EnvironmentState, event: EnvironmentEvent): EnvironmentState {
  const version = state.version + 1n;
  switch (event.type) {
    case 'AppEnvironmentSettingsChanged':
      return { version, settingsVersion: version, settings: { ...state.settings, ...event.data.changes } };
    case 'AppEnvironmentUpdated':
      return { ...state, version };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}
