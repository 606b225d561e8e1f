import { z } from 'zod';
import { defineEndpoint, resourceDocument } from '../endpoints.ts';
import {
  CreateMenuItemAttributesSchema,
  MenuItemRelationshipsSchema,
  MoveMenuItemBodySchema,
  UpdateMenuItemAttributesSchema,
} from './requests.ts';

const TYPE = 'app-menu-items';
const uuid = z.string().uuid();

/**
 * The menu (command-api/src/menu/routes.ts, query-api/src/menu/routes.ts): the app-menu-items an editor reaches
 * and their commands (If-Match carries the item's version), and the rendered menu the shell shows.
 */
export const menuEndpoints = {
  /** the visible menu tree, siblings in position order */
  menu: defineEndpoint({ method: 'GET', path: '/services/app-menu' }),
  items: defineEndpoint({ method: 'GET', path: `/${TYPE}` }),
  item: defineEndpoint({ method: 'GET', path: `/${TYPE}/:id` }),

  create: defineEndpoint({
    method: 'POST',
    path: `/${TYPE}`,
    body: resourceDocument({
      type: TYPE,
      id: uuid.optional(),
      attributes: CreateMenuItemAttributesSchema,
      relationships: MenuItemRelationshipsSchema.optional(),
    }),
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `/${TYPE}/:id`,
    body: resourceDocument({
      type: TYPE,
      id: uuid.optional(),
      attributes: UpdateMenuItemAttributesSchema.default({}),
      relationships: MenuItemRelationshipsSchema.optional(),
    }),
  }),
  /** not a JSON:API document: the new parent (null for the top level) and, optionally, the position */
  move: defineEndpoint({ method: 'POST', path: `/${TYPE}/:id/move`, body: MoveMenuItemBodySchema }),
  delete: defineEndpoint({ method: 'DELETE', path: `/${TYPE}/:id` }),
};
