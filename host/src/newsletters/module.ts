import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import { isServed, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { newsletterPreviewRoutes } from '@platform/query-api/newsletters/preview-routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The newsletters: their mailing templates are a resource of the catalogue (contracts/src/newsletters/
 * mailing-template.ts); the module adds a template's preview, the letter as its readers get it (seed 000 §2),
 * served when the catalogue holds the templates. The site's name (APP_NAME) heads it, as it heads the platform's
 * documents, and its links are absolute, under the site's public address (PUBLIC_URL).
 */
export function newslettersModule(served: readonly ResourceDefinition[]): ModuleDescriptor {
  const templates = served.find((definition) => definition.type === mailingTemplateResource.type);
  return {
    name: 'newsletters',
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
  };
}
