import { moduleEventContracts } from '@platform/contracts/registry';
import {
  articleResource,
  blogPostResource,
  calendarEventResource,
} from '@platform/contracts/publications/records';
import { repositoryItemResource } from '@platform/contracts/repository/records';
import { publicationRequestRoutes } from '@platform/command-api/publications/routes';
import {
  pendingPublicationRequestExtension,
  publicationScheduleProjection,
} from '@platform/projectors/publications/requests-extension';
import type { ModuleDescriptor } from '../module-descriptor.ts';
import { publicationScheduler } from './scheduler.ts';

/** The items published through requests (PUBLICATION_REQUEST_TYPES), by their definitions. */
const PUBLICATION_ITEMS = [
  articleResource,
  blogPostResource,
  calendarEventResource,
  repositoryItemResource,
] as const;

/**
 * The publications as one module (issue 21, plan §3.1): the articles, blog posts, calendar events and repository
 * items are resources of the catalogue; the module adds their publication requests, a workflow on each item's
 * own stream (the submit, accept and refuse commands), the items' `pendingPublicationRequest`, the schedule of the
 * accepted requests waiting for their date, and the job that publishes them when it comes. The requests are read
 * as the layer's read-only `publication-requests` records (their legacy events).
 */
export function publicationsModule(): ModuleDescriptor {
  return {
    name: 'publications',
    eventContracts: moduleEventContracts.publications,
    command: ({ features }) => [publicationRequestRoutes({ items: PUBLICATION_ITEMS, features })],
    projections: [publicationScheduleProjection(PUBLICATION_ITEMS)],
    resourceWorkflows: PUBLICATION_ITEMS.map((resource) => ({
      resource,
      projection: pendingPublicationRequestExtension,
    })),
    jobs: (context) => [publicationScheduler({ ...context, items: PUBLICATION_ITEMS })],
  };
}
