import { openBadgesVerificationPaths } from '@platform/contracts/open-badges/verification-paths';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { FileAttributesSchema, fileView, type FileView } from '../../kit/api/files.ts';

/**
 * What the open badges components of the CMS read (seed 000 §2.6, §2.8): the published badges, one badge's page
 * with its issuer and files, and an assertion's public page. Reads of the resource layer: a badge is shown to the
 * public once published, an assertion to anyone who has its id.
 */

const text = z.string().nullable().optional();
const Ref = z.object({ type: z.string(), id: z.string() });
const ToOne = z.object({ data: Ref.nullable() }).optional();
const Included = z
  .array(
    z
      .object({ type: z.string(), id: z.string(), attributes: z.record(z.string(), z.unknown()) })
      .passthrough(),
  )
  .optional();
type IncludedRecords = z.infer<typeof Included>;

const BadgeSchema = z.object({
  type: z.literal('open-badges'),
  id: z.string(),
  attributes: z
    .object({
      title: z.string(),
      description: text,
      version: text,
      validityDuration: z.number().nullable().optional(),
      publishedAt: text,
      modules: z
        .array(z.object({ position: z.number(), title: z.string() }).passthrough())
        .optional()
        .default([]),
    })
    .passthrough(),
  relationships: z
    .object({
      image: ToOne,
      criteriaFile: ToOne,
      organization: ToOne,
      newestBadge: ToOne,
    })
    .passthrough()
    .optional(),
});

const BadgeListSchema = z.object({ data: z.array(BadgeSchema), included: Included });
const BadgeDocumentSchema = z.object({ data: BadgeSchema, included: Included });

const AssertionDocumentSchema = z.object({
  data: z.object({
    type: z.literal('open-badge-assertions'),
    id: z.string(),
    attributes: z
      .object({
        recipientName: z.string(),
        issuedAt: z.string(),
        expiresAt: text,
        revokedAt: text,
        revocationReason: text,
        imageURL: text,
        jsonURL: text,
      })
      .passthrough(),
    relationships: z.object({ badge: ToOne, issuer: ToOne }).passthrough().optional(),
  }),
  included: Included,
});

/** A badge's issuer: the organization it belongs to, named by its slug where it has one. */
export interface BadgeIssuer {
  id: string;
  /** its slug, else its id: the training's start path names it so */
  key: string;
  name: string | null;
}

/** A badge as a card of the list shows it. */
export interface BadgeCard {
  id: string;
  title: string;
  description: string;
  version: string | null;
  image: FileView | null;
}

/** A badge as its page shows it. */
export interface BadgePage extends BadgeCard {
  validityDuration: number | null;
  published: boolean;
  /** module titles in their order */
  modules: string[];
  criteriaFile: { name: string; url: string } | null;
  issuer: BadgeIssuer | null;
  /** the badge's newest version, when a newer one was made */
  newestBadgeId: string | null;
}

export interface AssertionPage {
  id: string;
  recipientName: string;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
  badgeId: string | null;
  badgeTitle: string | null;
  badgeImage: FileView | null;
  issuerName: string | null;
  /** Open Badges 2.0 hosted verification: the assertion's JSON-LD and its baked image */
  jsonURL: string | null;
  imageURL: string | null;
  /** Open Badges 3.0: the signed verifiable credential */
  credentialURL: string;
}

const present = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

function includedOf(ref: z.infer<typeof Ref> | null | undefined, included: IncludedRecords) {
  return ref ? included?.find((r) => r.type === ref.type && r.id === ref.id) : undefined;
}

function imageOf(ref: z.infer<typeof Ref> | null | undefined, included: IncludedRecords): FileView | null {
  const record = includedOf(ref, included);
  const image = record ? fileView(record.id, record.attributes) : null;
  return image?.src ? image : null;
}

/** Published: a publishedAt that is not in the future (issuers and administrators also list their drafts). */
export function isPublished(publishedAt: string | null | undefined, now: Date = new Date()): boolean {
  return Boolean(publishedAt) && Date.parse(publishedAt!) <= now.getTime();
}

function toCard(data: z.infer<typeof BadgeSchema>, included: IncludedRecords): BadgeCard {
  const a = data.attributes;
  return {
    id: data.id,
    title: a.title,
    description: present(a.description) ?? '',
    version: present(a.version),
    image: imageOf(data.relationships?.image?.data, included),
  };
}

/** The published badges by title, with their images; `ids`: only those, in that order (the selected badges). */
export async function readBadgeCards(
  api: ApiClient,
  options: { ids?: readonly string[]; signal?: AbortSignal } = {},
): Promise<BadgeCard[]> {
  const doc = await api.call(recordEndpoints('open-badges').list, {
    schema: BadgeListSchema,
    query: { include: 'image', sort: 'title', 'page[size]': '100' },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const now = new Date();
  const cards = doc.data
    .filter((d) => isPublished(d.attributes.publishedAt, now))
    .map((d) => toCard(d, doc.included));
  if (!options.ids) return cards;
  const byId = new Map(cards.map((c) => [c.id, c]));
  return options.ids.flatMap((id) => byId.get(id) ?? []);
}

/** One badge for its page; a 404 (unknown, or not published for this visitor) is an ApiError of kind 'not-found'. */
export async function readBadgePage(api: ApiClient, id: string, signal?: AbortSignal): Promise<BadgePage> {
  const doc = await api.call(recordEndpoints('open-badges').find, {
    params: { id },
    schema: BadgeDocumentSchema,
    query: { include: 'image,criteriaFile,organization' },
    ...(signal ? { signal } : {}),
  });
  const { data, included } = doc;
  const a = data.attributes;
  const criteria = includedOf(data.relationships?.criteriaFile?.data, included);
  const criteriaAttributes = criteria ? FileAttributesSchema.safeParse(criteria.attributes) : null;
  const organizationRef = data.relationships?.organization?.data ?? null;
  const organization = includedOf(organizationRef, included);
  const slug = organization ? present(organization.attributes.slug as string | undefined) : null;
  const name = organization ? present(organization.attributes.name as string | undefined) : null;
  const newest = data.relationships?.newestBadge?.data?.id ?? null;
  return {
    ...toCard(data, included),
    validityDuration: a.validityDuration ?? null,
    published: isPublished(a.publishedAt),
    modules: [...a.modules].sort((x, y) => x.position - y.position).map((m) => m.title),
    criteriaFile:
      criteriaAttributes?.success && criteriaAttributes.data.url
        ? { name: criteriaAttributes.data.name, url: criteriaAttributes.data.url }
        : null,
    issuer: organizationRef ? { id: organizationRef.id, key: slug ?? organizationRef.id, name } : null,
    newestBadgeId: newest && newest !== data.id ? newest : null,
  };
}

/** An assertion's public page: the assertion, its badge (title, image) and its issuer's name. */
export async function readAssertionPage(
  api: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<AssertionPage> {
  const doc = await api.call(recordEndpoints('open-badge-assertions').find, {
    params: { id },
    schema: AssertionDocumentSchema,
    query: { include: 'badge,issuer' },
    ...(signal ? { signal } : {}),
  });
  const { data, included } = doc;
  const a = data.attributes;
  const badgeRef = data.relationships?.badge?.data ?? null;
  const badge = includedOf(badgeRef, included);
  const issuer = includedOf(data.relationships?.issuer?.data, included);
  // the badge's image is a file of the badge's own: read with the badge (none when it is not shown any more)
  const badgePage = badgeRef
    ? await readBadgePage(api, badgeRef.id, signal).catch((error: unknown) => {
        if (signal?.aborted) throw error;
        return null;
      })
    : null;
  return {
    id: data.id,
    recipientName: a.recipientName,
    issuedAt: a.issuedAt,
    expiresAt: present(a.expiresAt),
    revokedAt: present(a.revokedAt),
    revocationReason: present(a.revocationReason),
    badgeId: badgeRef?.id ?? null,
    badgeTitle: badgePage?.title ?? present(badge?.attributes.title as string | undefined),
    badgeImage: badgePage?.image ?? null,
    issuerName: present(issuer?.attributes.name as string | undefined),
    jsonURL: present(a.jsonURL),
    imageURL: present(a.imageURL),
    credentialURL: openBadgesVerificationPaths.credential(data.id),
  };
}
