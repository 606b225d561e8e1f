import { authEndpoints } from '@platform/contracts/auth/endpoints';
import { hasAdministratorRole } from '@platform/contracts/accounts/rules';
import { VALIDATION_REQUEST_STATUSES } from '@platform/contracts/accounts/reference';
import type { DecideValidationRequestAttributesSchema } from '@platform/contracts/accounts/requests';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { ListMetaSchema, type ListMeta } from '../../kit/admin/list-meta.ts';

/**
 * The calls of the admin area, declared once (path, query, answer schema): validation requests
 * (query-api/src/accounts/validation-requests-routes.ts, command-api/src/accounts/membership-routes.ts), users
 * (query-api/src/accounts/routes.ts, command-api/src/accounts/routes.ts), impersonation
 * (command-api/src/auth/impersonate-routes.ts) and the dev mailbox (query-api/src/accounts/mailbox-routes.ts).
 */

const Ref = z.object({ type: z.string(), id: z.string() });

export type { ListMeta };

/** The answer of every command: meta.position is what the next read waits for (read-your-writes). */
const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }),
  meta: z.object({ position: z.string(), version: z.string().optional() }),
});

export const ValidationRequestStatusSchema = z.enum(VALIDATION_REQUEST_STATUSES);
export type ValidationRequestStatus = z.infer<typeof ValidationRequestStatusSchema>;

const ValidationRequestSchema = z.object({
  type: z.literal('validation-requests'),
  id: z.string(),
  attributes: z.object({
    description: z.string(),
    status: ValidationRequestStatusSchema,
    refuseReason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  relationships: z.object({
    user: z.object({ data: Ref }),
    attachedOrganization: z.object({ data: Ref.nullable() }),
  }),
});
export type ValidationRequest = z.infer<typeof ValidationRequestSchema>;

const ValidationRequestListSchema = z.object({
  data: z.array(ValidationRequestSchema),
  meta: ListMetaSchema,
});

/** The person behind a validation request, as an administrator reads them. */
const PersonSchema = z.object({
  data: z.object({
    type: z.literal('users'),
    id: z.string(),
    attributes: z.object({ fullName: z.string(), email: z.string().optional() }),
  }),
});
export interface Person {
  id: string;
  fullName: string;
  email: string | null;
}

const OrganizationNameSchema = z.object({
  data: z.object({
    type: z.literal('organizations'),
    id: z.string(),
    attributes: z.object({ name: z.string() }),
  }),
});

const AdminUserSchema = z.object({
  type: z.literal('users'),
  id: z.string(),
  attributes: z.object({
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string().optional(),
    email: z.string(),
    isAdmin: z.boolean().optional(),
    emailVerifiedAt: z.string().nullable().optional(),
    validatedAt: z.string().nullable().optional(),
    lastLoginAt: z.string().nullable().optional(),
  }),
  relationships: z
    .object({
      roles: z.object({ data: z.array(Ref) }).optional(),
      accessLevel: z.object({ data: Ref.nullable() }).optional(),
    })
    .optional(),
});
const UserListSchema = z.object({ data: z.array(AdminUserSchema), meta: ListMetaSchema });

/** A row of the users list. */
export interface AdminUser {
  id: string;
  fullName: string;
  email: string;
  roles: string[];
  accessLevel: string | null;
  isAdmin: boolean;
  emailVerified: boolean;
  validated: boolean;
}

function toAdminUser(r: z.infer<typeof AdminUserSchema>): AdminUser {
  const roles = (r.relationships?.roles?.data ?? []).map((x) => x.id);
  return {
    id: r.id,
    fullName: r.attributes.fullName ?? `${r.attributes.firstName} ${r.attributes.lastName}`,
    email: r.attributes.email,
    roles,
    accessLevel: r.relationships?.accessLevel?.data?.id ?? null,
    isAdmin: r.attributes.isAdmin ?? hasAdministratorRole(roles),
    emailVerified: Boolean(r.attributes.emailVerifiedAt),
    validated: Boolean(r.attributes.validatedAt),
  };
}

const MailMessageSchema = z.object({
  type: z.literal('dev-mail-messages'),
  id: z.string(),
  attributes: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    sentAt: z.string(),
  }),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;
const MailboxSchema = z.object({ data: z.array(MailMessageSchema), meta: ListMetaSchema });

export type Decision = z.input<typeof DecideValidationRequestAttributesSchema>;

export const PAGE_SIZE = 25;
export const MAILBOX_PAGE_SIZE = 50;

const consistency = (minPosition: string | undefined) => (minPosition ? { minPosition } : {});

export const adminApi = {
  /** Validation requests, newest first; `status` null lists all of them. */
  validationRequests: (
    api: ApiClient,
    args: {
      status: ValidationRequestStatus | null;
      page: number;
      minPosition?: string;
      signal?: AbortSignal;
    },
  ) =>
    api.call(accountEndpoints.validationRequests, {
      schema: ValidationRequestListSchema,
      query: {
        ...(args.status ? { 'filter[status]': args.status } : {}),
        'page[number]': args.page,
        'page[size]': PAGE_SIZE,
        ...consistency(args.minPosition),
      },
      signal: args.signal,
    }),

  /** How many requests wait for a decision (the dashboard's count). */
  pendingValidationRequestsCount: (api: ApiClient, signal?: AbortSignal) =>
    api
      .call(accountEndpoints.validationRequests, {
        schema: ValidationRequestListSchema,
        query: { 'filter[status]': 'pending', 'page[size]': 1 },
        signal,
      })
      .then((d) => d.meta.total),

  /** PATCH /validation-requests/:id: accepting also validates the requester's account (decide-admin.ts). */
  decideValidationRequest: (api: ApiClient, id: string, decision: Decision) =>
    api.call(accountEndpoints.decideValidationRequest, {
      params: { id },
      schema: CommandAnswerSchema,
      body: { data: { type: 'validation-requests', id, attributes: decision } },
    }),

  person: (api: ApiClient, id: string, signal?: AbortSignal): Promise<Person> =>
    api
      .call(accountEndpoints.user, {
        params: { id },
        schema: PersonSchema,
        query: { 'fields[users]': 'fullName,email' },
        signal,
      })
      .then((d) => ({
        id: d.data.id,
        fullName: d.data.attributes.fullName,
        email: d.data.attributes.email ?? null,
      })),

  organizationName: (api: ApiClient, id: string, signal?: AbortSignal) =>
    api
      .call(recordEndpoints('organizations').find, {
        params: { id },
        schema: OrganizationNameSchema,
        query: { 'fields[organizations]': 'name' },
        signal,
      })
      .then((d) => d.data.attributes.name),

  /** Users by last name; `search` matches names and e-mail addresses (filter[search]). */
  users: (
    api: ApiClient,
    args: {
      page: number;
      search: string;
      validated: boolean | null;
      minPosition?: string;
      signal?: AbortSignal;
    },
  ) =>
    api
      .call(accountEndpoints.users, {
        schema: UserListSchema,
        query: {
          'page[number]': args.page,
          'page[size]': PAGE_SIZE,
          ...(args.search.trim() ? { 'filter[search]': args.search.trim() } : {}),
          ...(args.validated === null ? {} : { 'filter[validated]': String(args.validated) }),
          ...consistency(args.minPosition),
        },
        signal: args.signal,
      })
      .then((d) => ({ users: d.data.map(toAdminUser), meta: d.meta })),

  /** How many accounts there are (the dashboard's count). */
  usersCount: (api: ApiClient, signal?: AbortSignal) =>
    api
      .call(accountEndpoints.users, { schema: UserListSchema, query: { 'page[size]': 1 }, signal })
      .then((d) => d.meta.total),

  /** An administrator validates an account directly (PATCH /users/:id, attribute validated: true). */
  validateUser: (api: ApiClient, id: string) =>
    api.call(accountEndpoints.updateUser, {
      params: { id },
      schema: CommandAnswerSchema,
      body: { data: { type: 'users', id, attributes: { validated: true } } },
    }),

  /** Starts acting as this user: the server rotates the session cookie to the impersonated user. */
  impersonate: (api: ApiClient, id: string) =>
    api.call(authEndpoints.impersonate, { params: { id }, schema: CommandAnswerSchema }),

  /** GET /dev/mailbox (mounted only without SMTP: a 404 means it is not available here). */
  mailbox: (api: ApiClient, args: { page: number; to?: string; quiet?: boolean; signal?: AbortSignal }) =>
    api.call(accountEndpoints.mailbox, {
      schema: MailboxSchema,
      query: {
        'page[number]': args.page,
        'page[size]': MAILBOX_PAGE_SIZE,
        ...(args.to?.trim() ? { 'filter[to]': args.to.trim() } : {}),
      },
      signal: args.signal,
      quiet: args.quiet,
    }),
};
