import { z } from 'zod/v4';
import { AccessLevelSchema } from '../access-level.ts';
import { MenuColorSchema, MenuLinkSchema, RoleListSchema } from './events.ts';

/**
 * Request documents of the app-menu-items commands (JSON:API). Tree placement and the linked page are
 * relationships (`parent`, `page`); everything else, roles and access level included (as for app-pages), is
 * an attribute. Shared with the web client.
 */
const uuid = z.string().uuid();
const toOne = (type: string) =>
  z
    .object({
      data: z
        .object({ type: z.literal(type), id: uuid })
        .strict()
        .nullable(),
    })
    .strict();

export const MenuItemRelationshipsSchema = z
  .object({ parent: toOne('app-menu-items'), page: toOne('app-pages') })
  .partial()
  .strict();

const attributes = {
  name: z.string().trim().min(1, 'name is required').max(255),
  description: z.string().max(2000).nullable(),
  url: MenuLinkSchema.nullable(),
  blank: z.boolean(),
  color: MenuColorSchema.nullable(),
  alignsNextRight: z.boolean(),
  requiresAuth: z.boolean(),
  roles: RoleListSchema,
  accessLevel: AccessLevelSchema.nullable(),
  position: z.number().int().min(0),
};

export const CreateMenuItemAttributesSchema = z
  .object({
    ...attributes,
    description: attributes.description.default(null),
    url: attributes.url.default(null),
    blank: attributes.blank.default(false),
    color: attributes.color.default(null),
    alignsNextRight: attributes.alignsNextRight.default(false),
    requiresAuth: attributes.requiresAuth.default(false),
    roles: attributes.roles.default([]),
    accessLevel: attributes.accessLevel.default(null),
    position: attributes.position.optional(),
  })
  .strict();
export type CreateMenuItemAttributes = z.infer<typeof CreateMenuItemAttributesSchema>;

export const UpdateMenuItemAttributesSchema = z.object(attributes).partial().strict();
export type UpdateMenuItemAttributes = z.infer<typeof UpdateMenuItemAttributesSchema>;

/** POST /api/v1/app-menu-items/:id/move: the new parent (null for the top level) and, optionally, the position. */
export const MoveMenuItemBodySchema = z
  .object({ parent: uuid.nullable(), position: z.number().int().min(0).optional() })
  .strict();
export type MoveMenuItemBody = z.infer<typeof MoveMenuItemBodySchema>;
