import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { fileView, type FileView } from '../../kit/api/files.ts';

const text = z.string().nullable().optional();

/**
 * GET /organizations/{id or slug} as anybody reads it (the organizations resource, contracts/src/organizations/
 * organization.ts): the attributes the public page shows, and its image (included: the preview's URL, width and
 * height). Administrators also read the admin-only note; the page does not show it.
 */
const OrganizationDocumentSchema = z.object({
  data: z.object({
    type: z.literal('organizations'),
    id: z.string(),
    attributes: z
      .object({
        name: z.string(),
        unitName: text,
        slug: text,
        shortDescription: text,
        description: text,
        contactEmail: text,
        contactPhone: text,
        contactAddress: text,
        externalUrl: text,
        country: text,
      })
      .passthrough(),
    relationships: z
      .object({
        image: z.object({ data: z.object({ type: z.string(), id: z.string() }).nullable() }).optional(),
      })
      .passthrough()
      .optional(),
  }),
  included: z
    .array(
      z
        .object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()) })
        .passthrough(),
    )
    .optional(),
});

/** An organization as its public page shows it; a missing value is null. */
export interface PublicOrganization {
  id: string;
  name: string;
  unitName: string | null;
  slug: string | null;
  shortDescription: string | null;
  description: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  externalUrl: string | null;
  country: string | null;
  /** its image's preview variant with its width and height, or null */
  image: FileView | null;
}

const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** One organization by its id or its slug (the API finds either); a 404 is an ApiError of kind 'not-found'. */
export async function readOrganization(
  api: ApiClient,
  idOrSlug: string,
  signal?: AbortSignal,
): Promise<PublicOrganization> {
  const doc = await api.call(recordEndpoints('organizations').find, {
    params: { id: idOrSlug },
    schema: OrganizationDocumentSchema,
    query: { include: 'image' },
    signal,
  });
  const a = doc.data.attributes;
  const imageRef = doc.data.relationships?.image?.data;
  const imageRecord = imageRef
    ? doc.included?.find((r) => r.type === imageRef.type && r.id === imageRef.id)
    : undefined;
  const image = imageRecord ? fileView(imageRecord.id, imageRecord.attributes) : null;
  return {
    id: doc.data.id,
    name: a.name,
    unitName: present(a.unitName),
    slug: present(a.slug),
    shortDescription: present(a.shortDescription),
    description: present(a.description),
    contactEmail: present(a.contactEmail),
    contactPhone: present(a.contactPhone),
    contactAddress: present(a.contactAddress),
    externalUrl: present(a.externalUrl),
    country: present(a.country),
    image: image?.src ? image : null,
  };
}

/** Plain text as paragraphs: a blank line separates two; a single line break stays inside its paragraph. */
export function paragraphs(value: string): string[] {
  return value
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/**
 * A phone number as a tel: link: digits and a leading +, the spaces, dots and brackets people write dropped, and
 * the national trunk prefix written "(0)" in an international number ("+33 (0)4 ..." is +334...).
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const international = trimmed.startsWith('+');
  const digits = (international ? trimmed.replace(/\(0\)/g, '') : trimmed).replace(/[^\d]/g, '');
  if (digits.length < 3) return null;
  return `tel:${international ? '+' : ''}${digits}`;
}

/** Only web addresses are links: anything else the record holds is shown as text. */
export function webHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
