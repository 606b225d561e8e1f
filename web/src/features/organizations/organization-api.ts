import { z } from 'zod';
import type { ApiClient } from '../../kit/api/client.ts';

const text = z.string().nullable().optional();

/**
 * GET /organizations/{id or slug} as anybody reads it (the organizations resource, contracts/src/organizations/
 * organization.ts): the attributes the public page shows. Administrators also read the admin-only note and the
 * relationships; the page shows neither.
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
  }),
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
}

const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** One organization by its id or its slug (the API finds either); a 404 is an ApiError of kind 'not-found'. */
export async function readOrganization(
  api: ApiClient,
  idOrSlug: string,
  signal?: AbortSignal,
): Promise<PublicOrganization> {
  const doc = await api.get(`/organizations/${encodeURIComponent(idOrSlug)}`, OrganizationDocumentSchema, {
    signal,
  });
  const a = doc.data.attributes;
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
