import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';
import { AppEnvironmentSettingsSchema } from './settings.ts';

/** The settings' record (app-environment.ts) and the "environment updated" signals share this stream. */
export const ENVIRONMENT_STREAM_ID = 'environment-main';

/**
 * Only the settings that changed, with their new values: what the environment module stored before its settings
 * became the app-environments resource (app-environment.ts), which reads these as updates of its record 'main'.
 * No longer appended.
 */
export const AppEnvironmentSettingsChanged = defineEvent(
  'AppEnvironmentSettingsChanged',
  z.object({ changes: AppEnvironmentSettingsSchema.partial().strict() }),
);

export const EnvironmentUpdateReasonSchema = z.object({
  /** JSON:API type of what changed: app-pages, app-menu-items, app-redirections, ... */
  resourceType: z.string().min(1).max(64),
  resourceId: z.string().min(1).max(255),
  action: z.enum(['saved', 'deleted']),
});
export type EnvironmentUpdateReason = z.infer<typeof EnvironmentUpdateReasonSchema>;

/**
 * Something the web renders from the environment (pages, menu, redirections) changed: open tabs offer a
 * refresh. Appended beside the causing command's events (shared CMS agreement).
 */
export const AppEnvironmentUpdated = defineEvent(
  'AppEnvironmentUpdated',
  z.object({ reason: EnvironmentUpdateReasonSchema }),
);

export type AppEnvironmentUpdatedData = z.infer<typeof AppEnvironmentUpdated.schema>;

export const environmentEventContracts: EventContract[] = [
  AppEnvironmentSettingsChanged,
  AppEnvironmentUpdated,
];
