import { createHash } from 'node:crypto';
import {
  openBadgesVerificationUrls,
  type OpenBadgesVerificationUrls,
} from '@platform/contracts/open-badges/verification-paths';

/**
 * Open Badges 2.0 documents for hosted verification (https://www.imsglobal.org/sites/default/files/Badges/OBv2p0Final/index.html):
 * each document's `id` is the public URL that serves it, so a verifier fetches the assertion, follows its `badge`
 * to the BadgeClass and the BadgeClass's `issuer` to the Issuer Profile, and checks the Profile's revocation list.
 * Pure builders: the caller reads the records and passes plain data; nothing here touches the store or the clock.
 */

export const OB2_CONTEXT = 'https://w3id.org/openbadges/v2';

/** The issuer organization as the documents need it. */
export interface Ob2Organization {
  id: string;
  name: string;
  /** the organization's web site; the platform's address when it has none (the Profile's `url` is required) */
  url: string;
  email?: string | null;
  description?: string | null;
  /** absolute URL of the organization's logo, if any */
  imageUrl?: string | null;
}

export interface Ob2Badge {
  id: string;
  title: string;
  description: string;
  version?: string | null;
  /** absolute URL of the badge's image (a BadgeClass requires one) */
  imageUrl: string;
  /** absolute URL of the criteria file, if any */
  criteriaUrl?: string | null;
  /** the training modules, in any order: the criteria's narrative lists them by position */
  modules: readonly { position: number; title: string }[];
  /** the issuer organization */
  organizationId: string;
}

export interface Ob2Assertion {
  id: string;
  badgeId: string;
  recipientEmail: string;
  issuedAt: Date | string;
  expiresAt?: Date | string | null;
  revokedAt?: Date | string | null;
  revocationReason?: string | null;
  /** the issuer's narrative of the evidence, if any */
  evidence?: string | null;
  /** the recipient identity's salt; default: {@link assertionSalt} of the assertion's id */
  salt?: string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * The salt of an assertion's hashed recipient: stable (the document reads the same every time) and different for
 * every assertion, so one e-mail address gives unrelated hashes across assertions and no precomputed table of
 * addresses matches them. It is published in the assertion, as the specification intends: it keeps no secret.
 */
export function assertionSalt(assertionId: string): string {
  return createHash('sha256').update(`open-badges-recipient-salt:${assertionId}`).digest('hex').slice(0, 32);
}

/** `sha256$` + hex(sha256(email + salt)): the hashed identity of Open Badges 2.0, over the trimmed, lower-cased address. */
export function hashedIdentity(email: string, salt: string): string {
  return (
    'sha256$' +
    createHash('sha256')
      .update(email.trim().toLowerCase() + salt)
      .digest('hex')
  );
}

export interface Ob2Site {
  /** the site's public address (PUBLIC_URL) */
  baseUrl: string;
}

const urlsOf = (site: Ob2Site): OpenBadgesVerificationUrls => openBadgesVerificationUrls(site.baseUrl);

export function isRevoked(assertion: Pick<Ob2Assertion, 'revokedAt'>): boolean {
  return assertion.revokedAt != null;
}

/** The Assertion: hosted verification, its `id` the URL that serves it (the assertion's jsonURL). */
export function ob2Assertion(site: Ob2Site, assertion: Ob2Assertion) {
  const urls = urlsOf(site);
  const salt = assertion.salt ?? assertionSalt(assertion.id);
  return {
    '@context': OB2_CONTEXT,
    type: 'Assertion',
    id: urls.assertion(assertion.id),
    recipient: {
      type: 'email',
      hashed: true,
      salt,
      identity: hashedIdentity(assertion.recipientEmail, salt),
    },
    badge: urls.badge(assertion.badgeId),
    verification: { type: 'hosted' },
    issuedOn: iso(assertion.issuedAt),
    ...(assertion.expiresAt ? { expires: iso(assertion.expiresAt) } : {}),
    image: urls.assertionImage(assertion.id),
    ...(assertion.evidence ? { evidence: { type: 'Evidence', narrative: assertion.evidence } } : {}),
    ...(isRevoked(assertion)
      ? {
          revoked: true,
          ...(assertion.revocationReason ? { revocationReason: assertion.revocationReason } : {}),
        }
      : {}),
  };
}

/** The criteria's narrative: the modules a recipient finished, by position (Markdown, as the specification reads it). */
export function criteriaNarrative(modules: Ob2Badge['modules']): string {
  const lines = [...modules].sort((a, b) => a.position - b.position).map((m) => `${m.position}. ${m.title}`);
  return lines.length === 0
    ? 'Complete the training with the issuer.'
    : ['Complete every module of the training, in order:', '', ...lines].join('\n');
}

/** The BadgeClass: name, description, image, criteria (the criteria file and the modules) and the issuer's URL. */
export function ob2BadgeClass(site: Ob2Site, badge: Ob2Badge) {
  const urls = urlsOf(site);
  return {
    '@context': OB2_CONTEXT,
    type: 'BadgeClass',
    id: urls.badge(badge.id),
    name: badge.title,
    description: badge.description,
    image: badge.imageUrl,
    criteria: {
      ...(badge.criteriaUrl ? { id: badge.criteriaUrl } : {}),
      narrative: criteriaNarrative(badge.modules),
    },
    issuer: urls.issuer(badge.organizationId),
    ...(badge.version ? { version: badge.version } : {}),
  };
}

/** The Issuer Profile of an organization, naming its revocation list. */
export function ob2Issuer(site: Ob2Site, organization: Ob2Organization) {
  const urls = urlsOf(site);
  return {
    '@context': OB2_CONTEXT,
    type: 'Issuer',
    id: urls.issuer(organization.id),
    name: organization.name,
    url: organization.url,
    ...(organization.email ? { email: organization.email } : {}),
    ...(organization.description ? { description: organization.description } : {}),
    ...(organization.imageUrl ? { image: organization.imageUrl } : {}),
    revocationList: urls.revocations(organization.id),
  };
}

/** The RevocationList of an issuer: every revoked assertion it issued, with its reason. */
export function ob2RevocationList(
  site: Ob2Site,
  organizationId: string,
  revoked: readonly Pick<Ob2Assertion, 'id' | 'revocationReason'>[],
) {
  const urls = urlsOf(site);
  return {
    '@context': OB2_CONTEXT,
    type: 'RevocationList',
    id: urls.revocations(organizationId),
    issuer: urls.issuer(organizationId),
    revokedAssertions: revoked.map((a) => ({
      id: urls.assertion(a.id),
      ...(a.revocationReason ? { revocationReason: a.revocationReason } : {}),
    })),
  };
}

/** The media type of the 2.0 documents. */
export const OB2_CONTENT_TYPE = 'application/ld+json';
