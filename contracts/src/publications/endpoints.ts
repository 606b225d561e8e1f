import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { resourceDocument } from '../resource-document.ts';
import { PublicationRequestRefuseSchema, PublicationRequestSubmitSchema } from './requests.ts';

const TYPE = 'publication-requests';
const REQUESTS = '/services/publishables/:type/:id/publication-requests';

/**
 * A publishable item's publication requests (command-api/src/publications/routes.ts), each on its item: its
 * keepers submit, the publishers accept or refuse. The answer names the request and where its events stand. And
 * whether an item exists at all for a viewer it is refused to (query-api/src/resources/routes.ts).
 */
export const publicationEndpoints = {
  /** `{ data: { type, id, exists } }`: tells "not found" from "not accessible" after a refused read */
  publishable: defineEndpoint({ method: 'GET', path: '/services/publishables/:type/:id' }),

  /** `targetedPublishedAt` null: published as soon as accepted; 201 */
  submit: defineEndpoint({
    method: 'POST',
    path: REQUESTS,
    body: resourceDocument({
      type: TYPE,
      attributes: PublicationRequestSubmitSchema,
      id: z.string().uuid().optional(),
    }),
  }),
  accept: defineEndpoint({ method: 'POST', path: `${REQUESTS}/:requestId/accept` }),
  refuse: defineEndpoint({
    method: 'POST',
    path: `${REQUESTS}/:requestId/refuse`,
    body: z.object({
      data: z.object({ type: z.literal(TYPE).optional(), attributes: PublicationRequestRefuseSchema }),
    }),
  }),
} satisfies Record<string, AnyEndpoint>;
