import { z } from 'zod/v4';
import { CommandAnswerSchema } from '../command-answer.ts';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { shellEndpoints } from '../shell-endpoints.ts';
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
  menu: shellEndpoints.menu,
  items: defineEndpoint({ method: 'GET', path: `/${TYPE}` }),
  item: defineEndpoint({ method: 'GET', path: `/${TYPE}/:id` }),

  create: defineEndpoint({
    method: 'POST',
    path: `/${TYPE}`,
    response: CommandAnswerSchema,
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
    response: CommandAnswerSchema,
    body: resourceDocument({
      type: TYPE,
      id: uuid.optional(),
      attributes: UpdateMenuItemAttributesSchema.default({}),
      relationships: MenuItemRelationshipsSchema.optional(),
    }),
  }),
  /** not a JSON:API document: the new parent (null for the top level) and, optionally, the position */
  move: defineEndpoint({
    method: 'POST',
    path: `/${TYPE}/:id/move`,
    response: CommandAnswerSchema,
    body: MoveMenuItemBodySchema,
  }),
  delete: defineEndpoint({ method: 'DELETE', path: `/${TYPE}/:id`, response: CommandAnswerSchema }),
} satisfies Record<string, AnyEndpoint>;
