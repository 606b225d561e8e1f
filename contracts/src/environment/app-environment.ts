import { CONTENT_EDITORS } from '../accounts/rules.ts';
import { ADMINISTRATORS } from '../resources/access.ts';
import { defineResource, type ResourceCreatedData } from '../resources/definition.ts';
import { AppEnvironmentSettingsChanged, AppEnvironmentUpdated } from './events.ts';
import { AppEnvironmentSettingsSchema, emptyAppEnvironmentSettings } from './settings.ts';

/** The one record of the app environment's settings: a fixed row. */
export const APP_ENVIRONMENT_ID = 'main';

/**
 * The app environment's settings (seed 000 §3) as a resource with one fixed row, 'main', kept in the stream the
 * environment module always used (`environment-main`): content editors change it in the generic admin screens
 * and read its history; everybody reads it (the web boots with it, GET /app-environment). It is never created
 * nor deleted. The "environment updated" signals every CMS save appends to the same stream (events.ts) are not
 * settings: the fold passes over them, the history leaves them out, and the record's version (what If-Match
 * compares with) is that of its last settings change, so a page saved meanwhile does not make a form stale. Settings stored before the resource
 * (AppEnvironmentSettingsChanged, only the changed fields) read as updates of 'main'.
 */
export const appEnvironmentResource = defineResource({
  type: 'app-environments',
  singular: 'app-environment',
  category: 'environment',
  eventPrefix: 'AppEnvironmentSettings',
  module: 'environment',
  menu: { group: 'application', icon: 'tune' },
  // 2: the version is the record's own (the signals no longer move it), as If-Match compares it
  version: 2,
  attributes: AppEnvironmentSettingsSchema,
  fixedRows: {
    rows: [{ id: APP_ENVIRONMENT_ID, attributes: emptyAppEnvironmentSettings() }],
    kept: [APP_ENVIRONMENT_ID],
  },
  invariants: ({ rentalMinDuration: min, rentalMaxDuration: max }) =>
    typeof min === 'number' && typeof max === 'number' && min > max
      ? [
          {
            attribute: 'rentalMaxDuration',
            detail: 'rentalMaxDuration must not be less than rentalMinDuration',
          },
        ]
      : [],
  // templates used by integrations (e-mail, documents) are for administrators; the rest is what the web boots with
  fieldAccess: { integrationTemplates: { read: ADMINISTRATORS } },
  legacyEvents: {
    [AppEnvironmentSettingsChanged.type]: {
      kind: 'updated',
      upcast: (data): ResourceCreatedData => ({
        id: APP_ENVIRONMENT_ID,
        attributes: (data as { changes: Record<string, unknown> }).changes,
        relationships: {},
      }),
    },
  },
  sharedStreamEvents: [AppEnvironmentUpdated.type],
  access: {
    see: CONTENT_EDITORS,
    index: 'everyone',
    show: 'everyone',
    update: CONTENT_EDITORS,
  },
});
