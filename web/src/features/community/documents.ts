import { urlOf } from '@platform/contracts/endpoints';
import { fileEndpoints } from '@platform/contracts/files/endpoints';
import { z } from 'zod/v4';
import { fileView, type FileView } from '../../kit/api/files.ts';

/**
 * What the readers' screens of publications (repository items, articles, blog posts) read of a JSON:API
 * document: relationships to look up in `included`, the tags with their colour, the sharing organization, the
 * files of a file field. Shared by the publication features so that each reads the same way.
 */

export const Ref = z.object({ type: z.string(), id: z.string() });
export const ToOne = z.object({ data: Ref.nullable() }).optional();
export const ToMany = z.object({ data: z.array(Ref) }).optional();

export const Included = z
  .array(
    z
      .object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()) })
      .passthrough(),
  )
  .optional();
export type IncludedRecords = z.infer<typeof Included>;

/** A list's meta: `totalCapped`, the list counted no further than `total` and more records follow (ADR 0045). */
export const ListMeta = z
  .object({ total: z.number().optional(), totalCapped: z.boolean().optional() })
  .passthrough()
  .optional();

/** How many records a list holds, as its answer counts them; `capped`: more than `total` (ADR 0045). */
export interface ListCount {
  total: number;
  capped: boolean;
}

/** The count of a list's answer (its page's length when it says none). */
export const listCountOf = (doc: {
  data: readonly unknown[];
  meta?: z.infer<typeof ListMeta>;
}): ListCount => ({
  total: doc.meta?.total ?? doc.data.length,
  capped: doc.meta?.totalCapped === true,
});

export interface TagView {
  id: string;
  name: string;
  colour: string | null;
}

export interface OrganizationView {
  id: string;
  /** its slug where it has one, else its id */
  key: string;
  name: string;
}

/** A downloadable file: its name and where its content is served. */
export interface AttachmentView {
  id: string;
  name: string;
  href: string;
  size: number | null;
  mimeType: string | null;
}

export const present = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

type Reference = z.infer<typeof Ref>;

export function findIncluded(ref: Reference | null | undefined, included: IncludedRecords) {
  if (!ref) return null;
  return included?.find((r) => r.type === ref.type && r.id === ref.id) ?? null;
}

export function tagsOf(refs: readonly Reference[] | undefined, included: IncludedRecords): TagView[] {
  return (refs ?? []).flatMap((ref) => {
    const tag = findIncluded(ref, included);
    const name = present(tag?.attributes.name);
    return tag && name ? [{ id: tag.id, name, colour: present(tag.attributes.colour) }] : [];
  });
}

export function organizationOf(
  ref: Reference | null | undefined,
  included: IncludedRecords,
): OrganizationView | null {
  const organization = findIncluded(ref, included);
  const name = present(organization?.attributes.name);
  if (!organization || !name) return null;
  return { id: organization.id, key: present(organization.attributes.slug) ?? organization.id, name };
}

export function imagesOf(refs: readonly Reference[] | undefined, included: IncludedRecords): FileView[] {
  return (refs ?? [])
    .map((ref) => findIncluded(ref, included))
    .map((record) => (record ? fileView(record.id, record.attributes) : null))
    .filter((image): image is FileView => Boolean(image?.src));
}

/** A file to download: its own URL when the document gives one, else the file's current content by id. */
export function attachmentsOf(
  refs: readonly Reference[] | undefined,
  included: IncludedRecords,
): AttachmentView[] {
  return (refs ?? []).flatMap((ref) => {
    const file = findIncluded(ref, included);
    if (!file) return [];
    const a = file.attributes;
    return [
      {
        id: file.id,
        name: present(a.name) ?? file.id,
        href: present(a.url) ?? urlOf(fileEndpoints.file, { ref: file.id }),
        size: typeof a.size === 'number' ? a.size : null,
        mimeType: present(a.mimeType),
      },
    ];
  });
}

/** A publication item's author as its documents name it (seed 001 §3): a member, or the organization they acted for. */
export interface AuthorView {
  type: 'users' | 'organizations';
  id: string;
  name: string;
}

const AuthorSchema = z.object({
  type: z.enum(['users', 'organizations']),
  id: z.string(),
  name: z.string(),
});

/** The `author` attribute of a publication item's document; null when nobody is named any more. */
export function authorOf(value: unknown): AuthorView | null {
  const parsed = AuthorSchema.safeParse(value);
  return parsed.success && parsed.data.name.trim() ? { ...parsed.data, name: parsed.data.name.trim() } : null;
}
