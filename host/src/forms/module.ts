import { advancedFormRoutes } from '@platform/command-api/forms/routes';
import { captchaKeys } from '@platform/infra/captcha';
import { advancedFormQueryRoutes } from '@platform/query-api/forms/routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The advanced forms (ADR 0062): forms, their fields and workflows, the responses and the workflows' runs are
 * resources of the catalogue (contracts/src/forms/records.ts); the module adds the form's public page reads and the
 * response's calls (started behind the contacts' captcha, saved page by page, ended). The captcha's use is the
 * contacts' event (CaptchaUsed), registered by the contacts module. With FEATURE_FORMS off its routes are not served
 * (the resources answer 404 too).
 */
export function formsModule(): ModuleDescriptor {
  return {
    name: 'forms',
    eventContracts: [],
    command: ({ features, auth }) =>
      features.forms
        ? [
            advancedFormRoutes({
              keys: captchaKeys(auth.context.secret),
              // the respondent's copy of their answers (the email_respondent workflow)
              mail: { mailer: auth.context.mailer, appName: auth.context.appName },
              // a respondent kept among the contacts (the create_contact workflow)
              contacts: features.contacts,
            }),
          ]
        : [],
    query: ({ features, auth, defaultLocale }) =>
      features.forms
        ? [advancedFormQueryRoutes({ keys: captchaKeys(auth.context.secret), defaultLocale })]
        : [],
  };
}
