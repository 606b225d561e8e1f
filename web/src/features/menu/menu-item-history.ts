import { MenuItemFieldsSchema } from '@platform/contracts/menu/events';
import { APP_ADMINS_ONLY } from '@platform/contracts/resources/access';
import { defineResource } from '@platform/contracts/resources/definition';
import { z } from 'zod/v4';

/**
 * Menu items are hand-written (one `menu-main` stream, ADR 0006), not a type of the resource catalogue; the
 * query-api gives them the same history and "as it was" (contracts/src/history/views.ts). This description of
 * their fields, in the catalogue's terms, lets the back office's generic history screens show them: field
 * kinds and the title come from it, nothing is written through it.
 */
export const menuItemHistoryDefinition = defineResource({
  type: 'app-menu-items',
  singular: 'app-menu-item',
  category: 'menu',
  eventPrefix: 'AppMenuItem',
  module: 'menu',
  menu: { group: 'application', icon: 'menu', hidden: true },
  attributes: MenuItemFieldsSchema.extend({
    parentId: z.string().uuid().nullable(),
    position: z.number().int().min(0),
  }),
  access: APP_ADMINS_ONLY,
  title: 'name',
});
