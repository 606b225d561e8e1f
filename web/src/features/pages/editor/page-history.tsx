import { defineResource } from '@platform/contracts/resources/definition';
import { APP_ADMINS } from '@platform/contracts/resources/access';
import { z } from 'zod/v4';
import { AsItWasScreen } from '../../../kit/admin/resources/as-it-was-screen.tsx';
import { HistoryScreen } from '../../../kit/admin/resources/history-screen.tsx';
import { PAGES_TYPE } from './paths.ts';

/**
 * Pages are written by hand (command-api/src/pages), not by the resource layer; their history is read the same
 * way (query-api/src/history with contracts' pages view). This definition only tells the generic history and
 * "as it was" screens which fields a page has and how to show them; it is in no catalogue and makes no API.
 */
export const pageHistoryDefinition = defineResource({
  type: PAGES_TYPE,
  singular: 'app-page',
  category: 'page',
  eventPrefix: 'AppPage',
  module: 'pages',
  menu: { group: 'application', icon: 'article', hidden: true },
  attributes: z.object({
    title: z.string().max(500),
    path: z.string().max(255),
    description: z.string().max(5000),
    requiresAuth: z.boolean(),
    accessLevel: z.string().max(50).nullable(),
    roles: z.array(z.string()),
    isDefault: z.boolean(),
    styles: z.string().max(100_000),
    isDraft: z.boolean(),
    status: z.string().max(50),
    draftOfPageId: z.string().max(50).nullable(),
    draftPageId: z.string().max(50).nullable(),
    components: z.array(z.unknown()),
  }),
  access: { see: APP_ADMINS, show: APP_ADMINS },
  title: 'title',
});

export function PageHistoryScreen({ id }: { id: string }) {
  return <HistoryScreen definition={pageHistoryDefinition} id={id} />;
}

export function PageAsItWasScreen({ id, revision }: { id: string; revision: string }) {
  return <AsItWasScreen definition={pageHistoryDefinition} id={id} revision={revision} />;
}
