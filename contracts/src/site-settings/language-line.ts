import { z } from 'zod/v4';
import { LOCALES } from '../enums.ts';
import { APP_ADMINS_ONLY } from '../resources/access.ts';
import { defineResource } from '../resources/definition.ts';

/** The group of the lines that override the web's bundled messages (GET /services/web-language-lines). */
export const WEB_LANGUAGE_GROUP = 'web';

/**
 * A translation line (seed 001 §3): its key, exposed as `name` (for the web, a message id such as
 * `shell.footer.legal`), a group, and its text in each locale that has one.
 */
export const languageLineResource = defineResource({
  type: 'language-lines',
  singular: 'language-line',
  category: 'languageline',
  eventPrefix: 'LanguageLine',
  module: 'site-settings',
  menu: { group: 'application', icon: 'translate' },
  attributes: z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and . _ : - only'),
    group: z.string().trim().min(1).max(64).default(WEB_LANGUAGE_GROUP),
    text: z.partialRecord(z.enum(LOCALES), z.string().max(10_000)).default({}),
  }),
  unique: ['name'],
  access: APP_ADMINS_ONLY,
  filters: ['group', 'name'],
  search: ['name'],
  sorts: ['name', 'group'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});
