import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { shellEndpoints } from '../shell-endpoints.ts';
import {
  CreateUserAttributesSchema,
  DecideValidationRequestAttributesSchema,
  OrganizationRefSchema,
  UserAttributesSchema,
  UserRelationshipsSchema,
  ValidationRequestAttributesSchema,
  ValidationRequestRelationshipsSchema,
} from './requests.ts';

const uuid = z.string().uuid();

/**
 * The users and what belongs to their streams (command-api/src/accounts, query-api/src/accounts): the accounts an
 * administrator creates and anyone edits of their own, the organization a member acts for, the validation requests
 * a member makes and an administrator decides, the account features, and the development mailbox.
 */
export const accountEndpoints = {
  features: shellEndpoints.features,
  me: shellEndpoints.me,
  users: defineEndpoint({ method: 'GET', path: '/users' }),
  user: defineEndpoint({ method: 'GET', path: '/users/:id' }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/users',
    body: resourceDocument({ type: 'users', id: uuid.optional(), attributes: CreateUserAttributesSchema }),
  }),
  /** the user themself or an administrator; only an administrator changes validated, roles and access level */
  updateUser: defineEndpoint({
    method: 'PATCH',
    path: '/users/:id',
    body: resourceDocument({
      type: 'users',
      id: z.string().optional(),
      attributes: UserAttributesSchema.default({}),
      relationships: UserRelationshipsSchema.optional(),
    }),
  }),
  /** null: the member acts for themself again */
  actAs: defineEndpoint({
    method: 'PATCH',
    path: '/users/:id/relationships/acting-as-organization',
    body: z.object({ data: OrganizationRefSchema.nullable() }),
  }),

  validationRequests: defineEndpoint({ method: 'GET', path: '/validation-requests' }),
  validationRequest: defineEndpoint({ method: 'GET', path: '/validation-requests/:id' }),
  requestValidation: defineEndpoint({
    method: 'POST',
    path: '/validation-requests',
    body: resourceDocument({
      type: 'validation-requests',
      id: uuid.optional(),
      attributes: ValidationRequestAttributesSchema,
      relationships: ValidationRequestRelationshipsSchema.optional(),
    }),
  }),
  /** an administrator accepts or refuses (with a reason) */
  decideValidationRequest: defineEndpoint({
    method: 'PATCH',
    path: '/validation-requests/:id',
    body: resourceDocument({
      type: 'validation-requests',
      id: z.string().optional(),
      attributes: DecideValidationRequestAttributesSchema,
    }),
  }),

  /** the mails sent, for administrators, mounted only without SMTP (a 404 means it is not available here) */
  mailbox: defineEndpoint({ method: 'GET', path: '/dev/mailbox' }),
} satisfies Record<string, AnyEndpoint>;
