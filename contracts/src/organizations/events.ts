import { z } from 'zod/v4';
import { defineEvent, type EventContract, type EventOf } from '../event-contracts.ts';
import { AccessLevelSchema } from '../access-level.ts';

export const organizationStreamId = (id: string) => `organization-${id}`;

/**
 * A slug as typed: lowercase letters, digits and single hyphens (it appears in /organizations/{slug}).
 * A uuid-shaped slug is refused so that /organizations/{id} stays unambiguous.
 */
export const SlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens')
  .refine((v) => !/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(v), 'must not look like an id');

/** Turns a name into a slug candidate ("Lab & Co — Lyon" -> "lab-co-lyon"). */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/g, '');
}

const id = z.string().uuid();
const text = (max: number) => z.string().trim().max(max).nullable();

/** What an administrator edits on an organization (seed 001 §3), besides its slug and access level. */
export const OrganizationFieldsSchema = z.object({
  name: z.string().trim().min(1).max(255),
  unitName: text(255),
  shortDescription: text(1000),
  description: text(20000),
  contactEmail: text(254),
  contactPhone: text(40),
  contactAddress: text(1000),
  externalUrl: z.string().url().max(2048).nullable(),
  country: z.string().length(2).toUpperCase().nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
  adminOnlyNote: text(5000),
});
export type OrganizationFields = z.infer<typeof OrganizationFieldsSchema>;

export const OrganizationCreated = defineEvent(
  'OrganizationCreated',
  OrganizationFieldsSchema.extend({ id, slug: z.string(), accessLevel: AccessLevelSchema.nullable() }),
);
/** Carries every editable field after the change. */
export const OrganizationUpdated = defineEvent(
  'OrganizationUpdated',
  OrganizationFieldsSchema.extend({ id }),
);
export const OrganizationSlugChanged = defineEvent(
  'OrganizationSlugChanged',
  z.object({ id, slug: z.string(), previousSlug: z.string() }),
);
export const OrganizationAccessLevelSet = defineEvent(
  'OrganizationAccessLevelSet',
  z.object({ id, accessLevel: AccessLevelSchema.nullable() }),
);

export type OrganizationEvent =
  | EventOf<typeof OrganizationCreated>
  | EventOf<typeof OrganizationUpdated>
  | EventOf<typeof OrganizationSlugChanged>
  | EventOf<typeof OrganizationAccessLevelSet>;

export const organizationEventContracts: EventContract[] = [
  OrganizationCreated,
  OrganizationUpdated,
  OrganizationSlugChanged,
  OrganizationAccessLevelSet,
];
