import { hasAdministratorRole } from '@platform/contracts/accounts/rules';
import { shape as s, type Infer } from '../api/shape.ts';

/**
 * shellEndpoints.me with the includes of seed 000 §7, read into the shape the web works with. The server's
 * document is JSON:API (query-api/src/accounts/routes.ts); unknown attributes pass through untouched. Every page
 * waits for it: checked by a shape (api/shape.ts, ADR 0047), not zod.
 */
export const ME_INCLUDE = 'roles,accessLevel,organizations,actingAsOrganization,job,userCategory';

const Ref = s.object({ type: s.string(), id: s.string() });
const ToOne = s.optional(s.object({ data: s.nullable(Ref) }));
const ToMany = s.optional(s.object({ data: s.array(Ref) }));
const Text = s.optional(s.nullable(s.string()));
const Members = s.optional(s.record(s.unknown()));

const UserAttributes = s.object({
  firstName: s.string(),
  lastName: s.string(),
  fullName: s.optional(s.string()),
  email: s.string(),
  phone: Text,
  description: Text,
  organizationName: Text,
  avatarUrl: Text,
  jobOther: Text,
  isAdmin: s.optional(s.boolean()),
  impersonating: s.optional(s.boolean()),
  hasPassword: s.optional(s.boolean()),
  twoFactorStrategy: Text,
  notificationsPreferences: s.optional(s.record(s.boolean())),
  locale: s.optional(s.string()),
  editionLocale: s.optional(s.string()),
  timezone: s.optional(s.string()),
  emailVerifiedAt: Text,
  validatedAt: Text,
  lastLoginAt: Text,
  secondaryEmailsString: s.optional(s.string()),
});

const Included = s.object({
  type: s.string(),
  id: s.string(),
  attributes: Members,
  relationships: Members,
  meta: Members,
});

export const MeDocumentSchema = s.object({
  data: s.object({
    type: s.literal('users'),
    id: s.string(),
    attributes: UserAttributes,
    relationships: s.optional(
      s.object({
        roles: ToMany,
        accessLevel: ToOne,
        organizations: ToMany,
        actingAsOrganization: ToOne,
        job: ToOne,
        userCategory: ToOne,
        rentalInvoicingStrategy: ToOne,
      }),
    ),
    meta: s.optional(s.object({ version: s.optional(s.string()) })),
  }),
  included: s.optional(s.array(Included)),
  meta: s.optional(
    s.object({
      effectiveAccessWeight: s.optional(s.nullable(s.number())),
      impersonatorId: s.optional(s.string()),
    }),
  ),
});
export type MeDocument = Infer<typeof MeDocumentSchema>;

export interface SessionOrganization {
  id: string;
  name: string;
  slug: string | null;
  accessLevel: string | null;
}

/** The signed-in user as every screen reads it. */
export interface SessionUser {
  id: string;
  /** the user stream's version (If-Match on profile saves), when the server sent it */
  version: string | null;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string | null;
  description: string | null;
  organizationName: string | null;
  emailVerified: boolean;
  validated: boolean;
  roles: string[];
  isAdmin: boolean;
  /** an administrator is acting as this user (seed 000 §2.9 impersonation banner) */
  impersonating: boolean;
  /** the user's own access level (null: none) */
  accessLevel: string | null;
  /** the weight the server grants this session: acting/first organization's level or the user's (seed §6) */
  effectiveAccessWeight: number | null;
  organizations: SessionOrganization[];
  actingAsOrganizationId: string | null;
  locale: string;
  editionLocale: string;
  timezone: string;
  twoFactorStrategy: string | null;
  hasPassword: boolean;
  secondaryEmailsString: string;
  notificationsPreferences: Record<string, boolean>;
  jobId: string | null;
  jobOther: string | null;
  userCategoryId: string | null;
  /** how the member's rentals are invoiced (null: the standard way, with tax) */
  rentalInvoicingStrategyId: string | null;
}

export function toSessionUser(doc: MeDocument): SessionUser {
  const a = doc.data.attributes;
  const rel = doc.data.relationships ?? {};
  const included = doc.included ?? [];
  const organizations = (rel.organizations?.data ?? []).map((ref): SessionOrganization => {
    const found = included.find((i) => i.type === 'organizations' && i.id === ref.id);
    const attrs = (found?.attributes ?? {}) as Record<string, unknown>;
    const level = (found?.relationships?.accessLevel as { data?: { id?: string } | null } | undefined)?.data;
    return {
      id: ref.id,
      name: typeof attrs.name === 'string' ? attrs.name : ref.id,
      slug: typeof attrs.slug === 'string' ? attrs.slug : null,
      accessLevel: level?.id ?? null,
    };
  });
  const roles = (rel.roles?.data ?? []).map((r) => r.id);
  return {
    id: doc.data.id,
    version: typeof doc.data.meta?.version === 'string' ? doc.data.meta.version : null,
    firstName: a.firstName,
    lastName: a.lastName,
    fullName: a.fullName ?? `${a.firstName} ${a.lastName}`,
    email: a.email,
    phone: a.phone ?? null,
    description: a.description ?? null,
    organizationName: a.organizationName ?? null,
    emailVerified: Boolean(a.emailVerifiedAt),
    validated: Boolean(a.validatedAt),
    roles,
    isAdmin: a.isAdmin ?? hasAdministratorRole(roles),
    impersonating: a.impersonating ?? false,
    accessLevel: rel.accessLevel?.data?.id ?? null,
    effectiveAccessWeight: doc.meta?.effectiveAccessWeight ?? null,
    organizations,
    actingAsOrganizationId: rel.actingAsOrganization?.data?.id ?? null,
    locale: a.locale ?? 'en',
    editionLocale: a.editionLocale ?? a.locale ?? 'en',
    timezone: a.timezone ?? 'Europe/Paris',
    twoFactorStrategy: a.twoFactorStrategy ?? null,
    hasPassword: a.hasPassword ?? true,
    secondaryEmailsString: a.secondaryEmailsString ?? '',
    notificationsPreferences: a.notificationsPreferences ?? {},
    jobId: rel.job?.data?.id ?? null,
    jobOther: a.jobOther ?? null,
    userCategoryId: rel.userCategory?.data?.id ?? null,
    rentalInvoicingStrategyId: rel.rentalInvoicingStrategy?.data?.id ?? null,
  };
}

/** shellEndpoints.features */
export const FeaturesDocumentSchema = s.object({
  data: s.object({
    features: s.object({
      register: s.boolean(),
      socialLogin: s.boolean(),
      twoFactor: s.boolean(),
      impersonate: s.boolean(),
      organizations: s.boolean(),
      userOrganizations: s.boolean(),
      validationRequests: s.boolean(),
    }),
  }),
});
export type AccountFeatures = Infer<typeof FeaturesDocumentSchema>['data']['features'];

/** Until the server says otherwise: nothing optional is offered. */
export const NO_FEATURES: AccountFeatures = {
  register: false,
  socialLogin: false,
  twoFactor: false,
  impersonate: false,
  organizations: false,
  userOrganizations: false,
  validationRequests: false,
};
