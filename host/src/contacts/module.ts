import { lightUserInputHandleRoutes } from '@platform/command-api/contacts/handle';
import { lightUserFormRoutes } from '@platform/command-api/contacts/routes';
import { moduleEventContracts } from '@platform/contracts/registry';
import { captchaKeys } from '@platform/infra/captcha';
import { lightUserFormQueryRoutes } from '@platform/query-api/contacts/routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The contacts (ADR 0060): the light users, the light-user forms and their inputs are resources of the catalogue
 * (contracts/src/contacts/records.ts); the module adds the public form, read with a fresh captcha challenge and
 * submitted on the form's own stream. The challenges are signed with keys derived from the link-signing secret
 * (APP_KEY), which every process of a split deployment shares. With FEATURE_CONTACTS off its routes are not served
 * (the resources answer 404 too).
 */
export function contactsModule(): ModuleDescriptor {
  return {
    name: 'contacts',
    eventContracts: moduleEventContracts.contacts,
    command: ({ features, auth }) =>
      features.contacts
        ? [lightUserFormRoutes({ keys: captchaKeys(auth.context.secret) }), lightUserInputHandleRoutes]
        : [],
    query: ({ features, auth, defaultLocale }) =>
      features.contacts
        ? [lightUserFormQueryRoutes({ keys: captchaKeys(auth.context.secret), defaultLocale })]
        : [],
  };
}
