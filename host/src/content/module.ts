import { reportResource } from '@platform/contracts/content/report';
import { moduleEventContracts } from '@platform/contracts/registry';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { reportResolutionRoutes } from '@platform/command-api/content/report-routes';
import { reportResolutionExtension } from '@platform/projectors/content/report-resolution';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The moderation of reports as one module (issue 21, ADR 0037): the reports are a resource of the catalogue
 * (members make them, moderators read and delete them); the module adds their resolution, a workflow on each
 * report's own stream (dismiss, or remove the reported record of one of the `served` types), and the report's
 * `resolution` and `resolvedAt`.
 */
export function moderationModule(served: readonly ResourceDefinition[]): ModuleDescriptor {
  return {
    name: 'moderation',
    eventContracts: moduleEventContracts.moderation,
    command: () => [reportResolutionRoutes(served)],
    resourceWorkflows: [{ resource: reportResource, projection: reportResolutionExtension }],
  };
}
