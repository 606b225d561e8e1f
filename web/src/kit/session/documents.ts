import { hasAdministratorRole } from '@platform/contracts/accounts/rules';
import { z } from 'zod/v4';

/**
 * shellEndpoints.me with the includes of seed 000 §7, read into the shape the web works with. The server's
 * document is JSON:API (query-api/src/accounts/routes.ts); unknown attributes pass through untouched.
 */
export const ME_INCLUDE = 'roles,accessLevel,organizations,actingAsOrganization,job,userCategory';

const Ref = z.object({ type: z.string(), id: z.string() });
const ToOne = z.object({ data: Ref.nullable() }).optional();
const ToMany = z.object({ data: z.array(Ref) }).optional();

const UserAttributes = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string().optional(),
    email: z.string(),
    phone: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    organizationName: z.string().nullable().optional(),
    avatarUrl: z.string().nullable().optional(),
    jobOther: z.string().nullable().optional(),
    isAdmin: z.boolean().optional(),
    impersonating: z.boolean().optional(),
    hasPassword: z.boolean().optional(),
    twoFactorStrategy: z.string().nullable().optional(),
    notificationsPreferences: z.record(z.string(), z.boolean()).optional(),
    locale: z.string().optional(),
    editionLocale: z.string().optional(),
    timezone: z.string().optional(),
    emailVerifiedAt: z.string().nullable().optional(),
    validatedAt: z.string().nullable().optional(),
    lastLoginAt: z.string().nullable().optional(),
    secondaryEmailsString: z.string().optional(),
  })
  .passthrough();

const Included = z
  .object({
    type: z.string(),
    id: z.string(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    relationships: z.record(z.string(), z.unknown()).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export const MeDocumentSchema = z.object({
  data: z.object({
    type: z.literal('users'),
    id: z.string(),
    attributes: UserAttributes,
    relationships: z
      .object({
        roles: ToMany,
        accessLevel: ToOne,
        organizations: ToMany,
        actingAsOrganization: ToOne,
        job: ToOne,
        userCategory: ToOne,
        rentalInvoicingStrategy: ToOne,
      })
      .passthrough()
      .optional(),
    meta: z.object({ version: z.string().optional() }).passthrough().optional(),
  }),
  included: z.array(Included).optional(),
  meta: z
    .object({
      effectiveAccessWeight: z.number().nullable().optional(),
      impersonatorId: z.string().optional(),
    })
    .passthrough()
    .optional(),
});
export type MeDocument = z.infer<typeof MeDocumentSchema>;

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
export const FeaturesDocumentSchema = z.object({
  data: z.object({
    features: z.object({
      register: z.boolean(),
      socialLogin: z.boolean(),
      twoFactor: z.boolean(),
      impersonate: z.boolean(),
      organizations: z.boolean(),
      userOrganizations: z.boolean(),
      validationRequests: z.boolean(),
    }),
  }),
});
export type AccountFeatures = z.infer<typeof FeaturesDocumentSchema>['data']['features'];

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

/** The answer of POST /auth/login, /auth/register and /auth/two-factor/login (contracts/src/auth/requests.ts). */
export const AuthStateSchema = z
  .discriminatedUnion('state', [
    z.object({
      state: z.literal('authenticated'),
      redirectTo: z.enum(['admin.dashboard', 'account.profile']).optional(),
    }),
    z.object({ state: z.literal('two_factor_required'), strategy: z.enum(['totp', 'email']) }),
    z.object({
      state: z.literal('registration_required'),
      provider: z.string(),
      data: z.record(z.string(), z.unknown()),
    }),
  ])
  .and(z.object({ meta: z.object({ position: z.string().optional() }).passthrough().optional() }));
export type AuthStateAnswer = z.infer<typeof AuthStateSchema>;
