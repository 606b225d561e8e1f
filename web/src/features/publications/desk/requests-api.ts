import { publicationEndpoints } from '@platform/contracts/publications/endpoints';
import type { PublicationRequestType } from '@platform/contracts/publications/requests';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';

/**
 * The publication requests' commands (command-api/src/publications/routes.ts), each on its item: its keepers
 * submit, the publishers accept or refuse. The answer names the request and the position of its events, at which
 * the screens read again.
 */
const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }).optional(),
  meta: z.object({ position: z.string().optional() }).passthrough().optional(),
});
export type RequestCommandAnswer = z.infer<typeof CommandAnswerSchema>;

/** An item the requests are about, as a relationship names it. */
export interface ItemRef {
  type: PublicationRequestType;
  id: string;
}

const TYPE = 'publication-requests';

export const publicationRequestsApi = {
  /** `targetedPublishedAt` null: published as soon as accepted */
  submit: (
    api: ApiClient,
    item: ItemRef,
    attributes: { description: string; targetedPublishedAt: string | null },
  ) =>
    api.call(publicationEndpoints.submit, {
      params: item,
      schema: CommandAnswerSchema,
      body: { data: { type: TYPE, attributes } },
    }),

  accept: (api: ApiClient, item: ItemRef, requestId: string) =>
    api.call(publicationEndpoints.accept, { params: { ...item, requestId }, schema: CommandAnswerSchema }),

  refuse: (api: ApiClient, item: ItemRef, requestId: string, refuseReason: string) =>
    api.call(publicationEndpoints.refuse, {
      params: { ...item, requestId },
      schema: CommandAnswerSchema,
      body: { data: { type: TYPE, attributes: { refuseReason } } },
    }),
};
