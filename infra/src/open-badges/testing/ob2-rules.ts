import { z } from 'zod/v4';

/**
 * The Open Badges 2.0 rules a hosted-verification validator applies to the documents (the specification's required
 * properties, data types and value rules: https://www.imsglobal.org/sites/default/files/Badges/OBv2p0Final/index.html),
 * written as schemas for the tests. No published package holds the 2.0 schemas or a validator, so they are written
 * here from the specification, independently of the builders they check.
 */

const CONTEXT = 'https://w3id.org/openbadges/v2';

const context = z.union([z.literal(CONTEXT), z.array(z.unknown()).refine((a) => a.includes(CONTEXT))]);
/** an IRI a verifier can fetch: hosted verification needs HTTP(S) */
const httpIri = z
  .string()
  .url()
  .refine((s) => /^https?:\/\//.test(s), 'an HTTP(S) IRI');
/** ISO 8601 date-time with a time zone (the specification's DateTime) */
const dateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    'an ISO 8601 date-time with a zone',
  );
const typeOf = (name: string, ...aliases: string[]) =>
  z.union([
    z.enum([name, ...aliases] as [string, ...string[]]),
    z
      .array(z.string())
      .refine((a) => a.some((t) => t === name || aliases.includes(t)), `type includes ${name}`),
  ]);

export const IdentityObject = z
  .object({
    type: z.enum(['email', 'url', 'telephone', 'id']),
    identity: z.string().min(1),
    hashed: z.boolean(),
    salt: z.string().optional(),
  })
  .refine((r) => !r.hashed || /^(sha256\$[0-9a-f]{64}|md5\$[0-9a-f]{32})$/.test(r.identity), {
    message: 'a hashed identity is sha256$ + 64 hex digits (or md5$ + 32)',
  });

export const Assertion = z
  .object({
    '@context': context,
    id: httpIri,
    type: typeOf('Assertion'),
    recipient: IdentityObject,
    badge: z.union([httpIri, z.object({ id: httpIri }).passthrough()]),
    verification: z
      .object({ type: z.enum(['hosted', 'HostedBadge', 'signed', 'SignedBadge']) })
      .passthrough(),
    issuedOn: dateTime,
    expires: dateTime.optional(),
    image: httpIri.optional(),
    evidence: z
      .union([
        httpIri,
        z.object({
          type: z.literal('Evidence').optional(),
          id: httpIri.optional(),
          narrative: z.string().optional(),
        }),
      ])
      .optional(),
    narrative: z.string().optional(),
    revoked: z.boolean().optional(),
    revocationReason: z.string().optional(),
  })
  .refine((a) => !a.expires || Date.parse(a.expires) > Date.parse(a.issuedOn), {
    message: 'expires comes after issuedOn',
  })
  .refine((a) => a.revocationReason === undefined || a.revoked === true, {
    message: 'a revocationReason belongs to a revoked assertion',
  });

export const BadgeClass = z.object({
  '@context': context,
  id: httpIri,
  type: typeOf('BadgeClass'),
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.union([httpIri, z.object({ id: httpIri }).passthrough()]),
  criteria: z.union([
    httpIri,
    z
      .object({ id: httpIri.optional(), narrative: z.string().optional() })
      .refine((c) => c.id !== undefined || c.narrative !== undefined, 'criteria has an id or a narrative'),
  ]),
  issuer: z.union([httpIri, z.object({ id: httpIri }).passthrough()]),
  version: z.string().optional(),
});

export const Profile = z.object({
  '@context': context,
  id: httpIri,
  type: typeOf('Issuer', 'Profile'),
  name: z.string().min(1),
  url: httpIri,
  email: z.string().email().optional(),
  revocationList: httpIri.optional(),
});

export const RevocationList = z.object({
  '@context': context,
  id: httpIri,
  type: typeOf('RevocationList'),
  issuer: httpIri.optional(),
  revokedAssertions: z.array(
    z.union([httpIri, z.object({ id: httpIri, revocationReason: z.string().optional() })]),
  ),
});

/** Hosted verification: the assertion's id is on the issuer's origin (the Profile's default `allowedOrigins`). */
export function sameOrigin(a: string, b: string): boolean {
  return new URL(a).origin === new URL(b).origin;
}
