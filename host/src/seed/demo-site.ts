import type { Logger } from 'pino';
import { seedClient, type SeedClient } from './client.ts';
import {
  demoMenuFor,
  demoPages,
  demoRedirections,
  featurePages,
  type DemoFeatures,
  type DemoMenuItem,
} from './demo-content.ts';

/**
 * Seeds the demo site through the command API, as an editor would: pages and their components, a menu with
 * nested items and a redirection. Every command carries an Idempotency-Key derived from what it seeds, so
 * running it again (after a start interrupted half-way) appends only what is missing (seedDemo in demo.ts).
 */
export async function seedDemoSite(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  /**
   * the features the site serves: the rental page, the open badges page, the community's pages and their menu
   * entries only with their feature
   */
  features?: DemoFeatures;
}) {
  const client = seedClient(options.baseUrl, options.adminToken);
  const pages = [...demoPages, ...featurePages(options.features)];

  const pageIds = new Map<string, string>();
  for (const page of pages) {
    const key = `seed:page:${page.path}`;
    const { id } = await client.command(
      'POST',
      '/app-pages',
      { data: { type: 'app-pages', attributes: page.attributes } },
      key,
    );
    pageIds.set(page.path, id);
    for (const [index, component] of page.components.entries()) {
      await client.command(
        'POST',
        '/app-page-components',
        {
          data: {
            type: 'app-page-components',
            attributes: { ...component, position: index },
            relationships: { page: { data: { type: 'app-pages', id } } },
          },
        },
        `${key}:component:${index}`,
      );
    }
  }
  await seedMenu(client, demoMenuFor(options.features), null, pageIds);
  for (const redirection of demoRedirections) {
    await client.command(
      'POST',
      '/app-redirections',
      { data: { type: 'app-redirections', attributes: redirection } },
      `seed:redirection:${redirection.fromPath}`,
    );
  }
  options.logger.info({ pages: pages.length }, 'demo pages seeded');
}

async function seedMenu(
  client: SeedClient,
  items: DemoMenuItem[],
  parent: string | null,
  pageIds: Map<string, string>,
): Promise<void> {
  for (const [position, item] of items.entries()) {
    const pageId = item.page ? pageIds.get(item.page) : undefined;
    if (item.page && !pageId)
      throw new Error(`Demo menu item ${item.name} links to unknown page ${item.page}`);
    const relationships = {
      ...(parent ? { parent: { data: { type: 'app-menu-items', id: parent } } } : {}),
      ...(pageId ? { page: { data: { type: 'app-pages', id: pageId } } } : {}),
    };
    const { id } = await client.command(
      'POST',
      '/app-menu-items',
      {
        data: {
          type: 'app-menu-items',
          attributes: { ...item.attributes, name: item.name, position },
          relationships,
        },
      },
      `seed:menu:${parent ?? 'root'}:${item.name}`,
    );
    if (item.children?.length) await seedMenu(client, item.children, id, pageIds);
  }
}
