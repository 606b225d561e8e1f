import { z } from 'zod/v4';
import { AccessLevelSchema } from '../access-level.ts';
import { ROLES } from '../enums.ts';

/**
 * Attributes of an app-page and of an app-page-component as a client sends them (JSON:API
 * `data.attributes`). Paths are checked and normalised by the decider, props by the component registry,
 * so that both rules are proven by decider specs.
 */

export const RoleSchema = z.enum(ROLES);

const pageShape = {
  path: z.string().max(4096),
  title: z.string().trim().min(1, 'title is required').max(500),
  description: z.string().max(5000),
  styles: z.string().max(100_000),
  requiresAuth: z.boolean(),
  accessLevel: AccessLevelSchema.nullable(),
  roles: z
    .array(RoleSchema)
    .max(ROLES.length)
    .refine((r) => new Set(r).size === r.length, 'roles must not repeat'),
  isDefault: z.boolean(),
};

export const CreatePageAttributesSchema = z
  .object({
    ...pageShape,
    description: pageShape.description.default(''),
    styles: pageShape.styles.default(''),
    requiresAuth: pageShape.requiresAuth.default(false),
    accessLevel: pageShape.accessLevel.default(null),
    roles: pageShape.roles.default([]),
    isDefault: pageShape.isDefault.default(false),
  })
  .strict();
export type CreatePageAttributes = z.infer<typeof CreatePageAttributesSchema>;

export const UpdatePageAttributesSchema = z.object(pageShape).partial().strict();
export type UpdatePageAttributes = z.infer<typeof UpdatePageAttributesSchema>;

/** A section element id in the rendered page (seed: the viewId, or page-section-{position}). */
export const ViewIdSchema = z
  .string()
  .regex(
    /^[A-Za-z][A-Za-z0-9_-]{0,99}$/,
    'viewId must start with a letter and contain only letters, digits, "-" or "_"',
  );

export const CreateComponentAttributesSchema = z
  .object({
    name: z.string().min(1).max(100),
    viewId: ViewIdSchema.nullable().default(null),
    position: z.number().int().min(0).nullable().default(null),
    props: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type CreateComponentAttributes = z.infer<typeof CreateComponentAttributesSchema>;

export const UpdateComponentAttributesSchema = z
  .object({
    name: z.string().min(1).max(100),
    viewId: ViewIdSchema.nullable(),
    position: z.number().int().min(0),
    props: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();
export type UpdateComponentAttributes = z.infer<typeof UpdateComponentAttributesSchema>;
