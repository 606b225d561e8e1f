import { z } from 'zod/v4';
import { AccessLevelSchema } from '../access-level.ts';
import { ROLES } from '../enums.ts';
import { defineEvent, type EventContract } from '../event-contracts.ts';

/** Internal paths ('/about') and absolute links a menu entry may point to; protocol-relative '//x' is refused. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
export function isMenuLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    return LINK_PROTOCOLS.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const MenuLinkSchema = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .refine(isMenuLink, 'must be an internal path starting with / or an http(s), mailto or tel URL');

/** A theme colour token ('primary', 'secondary-dark') or a hex colour. */
export const MenuColorSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|[a-z][a-z0-9-]*)$/, 'must be a theme colour name or a hex colour');

export const RoleListSchema = z
  .array(z.enum(ROLES))
  .max(ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'roles must not repeat');

/** What an editor sets on a menu item, besides where it sits in the tree (parent, position). */
export const MenuItemFieldsSchema = z.object({
  name: z.string().trim().min(1).max(255),
  description: z.string().max(2000).nullable(),
  pageId: z.string().uuid().nullable(),
  url: MenuLinkSchema.nullable(),
  blank: z.boolean(),
  color: MenuColorSchema.nullable(),
  alignsNextRight: z.boolean(),
  requiresAuth: z.boolean(),
  roles: RoleListSchema,
  accessLevel: AccessLevelSchema.nullable(),
});
export type MenuItemFields = z.infer<typeof MenuItemFieldsSchema>;

const id = z.string().uuid();
const position = z.number().int().min(0);

export const AppMenuItemCreated = defineEvent(
  'AppMenuItemCreated',
  MenuItemFieldsSchema.extend({ id, parentId: id.nullable(), position }),
);
/** Carries every editable field after the change, so a reader never needs the previous event. */
export const AppMenuItemUpdated = defineEvent('AppMenuItemUpdated', MenuItemFieldsSchema.extend({ id }));
/** Siblings after `fromPosition` move up one; siblings at or after `toPosition` in the new parent move down one. */
export const AppMenuItemMoved = defineEvent(
  'AppMenuItemMoved',
  z.object({
    id,
    fromParentId: id.nullable(),
    fromPosition: position,
    toParentId: id.nullable(),
    toPosition: position,
  }),
);
/** `deletedIds` lists the item and all its descendants (deleting a parent deletes its subtree). */
export const AppMenuItemDeleted = defineEvent(
  'AppMenuItemDeleted',
  z.object({ id, parentId: id.nullable(), position, deletedIds: z.array(id).min(1) }),
);

export type AppMenuItemCreatedData = z.infer<typeof AppMenuItemCreated.schema>;
export type AppMenuItemUpdatedData = z.infer<typeof AppMenuItemUpdated.schema>;
export type AppMenuItemMovedData = z.infer<typeof AppMenuItemMoved.schema>;
export type AppMenuItemDeletedData = z.infer<typeof AppMenuItemDeleted.schema>;

export type MenuEvent =
  | { type: 'AppMenuItemCreated'; data: AppMenuItemCreatedData }
  | { type: 'AppMenuItemUpdated'; data: AppMenuItemUpdatedData }
  | { type: 'AppMenuItemMoved'; data: AppMenuItemMovedData }
  | { type: 'AppMenuItemDeleted'; data: AppMenuItemDeletedData };

export const MENU_STREAM_ID = 'menu-main';

export const menuEventContracts: EventContract[] = [
  AppMenuItemCreated,
  AppMenuItemUpdated,
  AppMenuItemMoved,
  AppMenuItemDeleted,
];
