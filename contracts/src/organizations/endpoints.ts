import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';

const UsersDocument = z.object({
  data: z
    .array(z.object({ type: z.literal('users'), id: z.string().uuid() }))
    .min(1)
    .max(100),
});

/**
 * The members of an organization (command-api/src/organizations/routes.ts): users join (POST) or leave (DELETE),
 * the whole list decided at once. The organizations themselves are records of the resource layer.
 */
export const organizationEndpoints = {
  addUsers: defineEndpoint({
    method: 'POST',
    path: '/organizations/:id/relationships/users',
    body: UsersDocument,
  }),
  removeUsers: defineEndpoint({
    method: 'DELETE',
    path: '/organizations/:id/relationships/users',
    body: UsersDocument,
  }),
} satisfies Record<string, AnyEndpoint>;
