import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import { newsletterSendingResource } from '@platform/contracts/newsletters/sending';
import { moduleEventContracts } from '@platform/contracts/registry';
import { isServed, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { newsletterCommandRoutes, newsletterOneClickRoutes } from '@platform/command-api/newsletters/routes';
import { unsubscribeSigner } from '@platform/infra/mail/unsubscribe';
import { newsletterSentExtension } from '@platform/projectors/newsletters/last-sent';
import { letterReader, newsletterPreviewRoutes } from '@platform/query-api/newsletters/preview-routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { newsletterDelivery } from './deliver.ts';

/**
 * The newsletters: their mailing templates and sendings are resources of the catalogue (contracts/src/newsletters/
 * mailing-template.ts, sending.ts); the module adds a template's preview, the letter as its readers get it (seed
 * 000 §2), served when the catalogue holds the templates. The site's name (APP_NAME) heads it, as it heads the
 * platform's documents, and its links are absolute, under the site's public address (PUBLIC_URL).
 *
 * With the contacts (FEATURE_CONTACTS, whose subscribed contacts are the readers) it also sends them (ADR 0065):
 * the send command, the job that delivers the letters (`newsletters.deliver`), the template's `lastSentAt`, and
 * the unsubscribe calls of the links every letter carries.
 */
export function newslettersModule(served: readonly ResourceDefinition[]): ModuleDescriptor {
  const templates = served.find((definition) => definition.type === mailingTemplateResource.type);
  const sendings = served.find((definition) => definition.type === newsletterSendingResource.type);
  return {
    name: 'newsletters',
    eventContracts: moduleEventContracts.newsletters,
    ...(templates
      ? { resourceWorkflows: [{ resource: templates, projection: newsletterSentExtension }] }
      : {}),
    command: ({ features, auth }) =>
      templates && sendings && isServed(templates, features) && isServed(sendings, features)
        ? [
            newsletterCommandRoutes({ signer: unsubscribeSigner(auth.context.secret) }),
            newsletterOneClickRoutes({ signer: unsubscribeSigner(auth.context.secret) }),
          ]
        : [],
    query: ({ features, appName, defaultLocale, auth }) =>
      templates && isServed(templates, features)
        ? [
            newsletterPreviewRoutes(served, {
              appName,
              publicUrl: auth.context.publicUrl,
              defaultLocale,
              features,
            }),
          ]
        : [],
    jobs: (context) =>
      templates && sendings && isServed(templates, context.features) && isServed(sendings, context.features)
        ? [
            newsletterDelivery({
              ...context,
              letters: letterReader(served, {
                appName: context.appName,
                publicUrl: context.publicUrl,
                defaultLocale: context.defaultLocale,
                features: context.features,
              }),
              signer: unsubscribeSigner(context.secret),
            }),
          ]
        : [],
  };
}
