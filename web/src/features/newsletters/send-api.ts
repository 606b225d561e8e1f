import { newsletterEndpoints } from '@platform/contracts/newsletters/endpoints';
import { newsletterSendingResource } from '@platform/contracts/newsletters/sending';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import { ListMetaSchema } from '../../kit/admin/list-meta.ts';
import { isSoftDeleted } from '../../kit/admin/resources/record-actions.tsx';
import type { ResourceRecord } from '../../kit/admin/resources/resource-api.ts';
import { may } from '../../kit/admin/resources/viewer.ts';
import type { ApiClient } from '../../kit/api/client.ts';
import { ApiError } from '../../kit/api/errors.ts';
import { FEATURES } from '../../kit/build-info.ts';

/**
 * A letter is sent to the contacts (the contacts feature), by whoever may change it: the template's own `update`
 * rule, the one its Edit button follows, asked of the same viewer; a letter in the trash is not sent.
 */
export function maySend(
  definition: ResourceDefinition,
  record: Pick<ResourceRecord, 'attributes'>,
  viewer: ViewerFacts,
  features: { contacts: boolean } = FEATURES,
): boolean {
  return features.contacts && !isSoftDeleted(record) && may(definition, 'update', viewer);
}

/** How many contacts are subscribed; `capped`: at least that many (a list counts no further, ADR 0045). */
export interface SubscriberCount {
  count: number;
  capped: boolean;
}

export interface SendRequest {
  templateId: string;
  /** one per confirmed sending: a retry after a lost answer is the same request */
  idempotencyKey: string;
}

export interface SendAnswer {
  sendingId: string;
  /** where the sending's record can be read from (minPosition) */
  position: string;
  recipientsCount: number;
}

export interface ProgressRequest {
  sendingId: string;
  position: string;
}

export interface SendingProgress {
  delivered: number;
  total: number;
  finishedAt: string | null;
}

/** Why the server would answer a sending the same way again: no retry is offered for these. */
export type SendRefusal = 'alreadySent' | 'noRecipients' | 'notFound' | 'other';

const REFUSAL_OF_CODE: Readonly<Record<string, SendRefusal>> = {
  'conflict.newsletter_already_sent': 'alreadySent',
  'conflict.newsletter_no_recipients': 'noRecipients',
};

/**
 * A refused sending (a 409 of the contract, a template gone, a refusal of the access rule or of the request) is
 * refused again when retried; anything else (no answer, a timeout, a server failure) may go through next time: null.
 */
export function refusalOf(error: unknown): SendRefusal | null {
  if (!(error instanceof ApiError)) return null;
  for (const e of error.errors) {
    const refusal = e.code ? REFUSAL_OF_CODE[e.code] : undefined;
    if (refusal) return refusal;
  }
  if (error.kind === 'not-found') return 'notFound';
  if (['conflict', 'forbidden', 'validation', 'bad-request'].includes(error.kind)) return 'other';
  return null;
}

const CONTACTS = 'light-users';

const CountSchema = z.object({ meta: ListMetaSchema });

const SendingSchema = z.object({
  data: z.object({
    id: z.string(),
    attributes: newsletterSendingResource.attributes.pick({
      recipientsCount: true,
      deliveredCount: true,
      finishedAt: true,
    }),
  }),
});

/**
 * The calls of a sending. All are quiet: the dialog says what failed and offers to retry, where the shell's
 * network dialog would cover it, and a failed read of the progress is simply read again a moment later.
 */
export const sendApi = {
  /** the contacts subscribed now: the first page of one, for its total */
  countSubscribers: (api: ApiClient, signal?: AbortSignal): Promise<SubscriberCount> =>
    api
      .call(recordEndpoints(CONTACTS).list, {
        schema: CountSchema,
        query: { 'filter[hasMailSubscription]': 'true', 'page[size]': 1 },
        quiet: true,
        signal,
      })
      .then(({ meta }) => ({ count: meta.total, capped: meta.totalCapped === true })),

  send: (api: ApiClient, request: SendRequest, signal?: AbortSignal): Promise<SendAnswer> =>
    api
      .call(newsletterEndpoints.send, {
        params: { id: request.templateId },
        headers: { 'Idempotency-Key': request.idempotencyKey },
        quiet: true,
        signal,
      })
      .then(({ data, meta }) => ({
        sendingId: data.id,
        position: meta.position,
        recipientsCount: meta.recipientsCount,
      })),

  /** the sending's record, at least as new as the answer that made it */
  progress: (api: ApiClient, request: ProgressRequest, signal?: AbortSignal): Promise<SendingProgress> =>
    api
      .call(recordEndpoints(newsletterSendingResource.type).find, {
        params: { id: request.sendingId },
        query: { minPosition: request.position },
        schema: SendingSchema,
        quiet: true,
        signal,
      })
      .then(({ data: { attributes } }) => ({
        delivered: attributes.deliveredCount,
        total: attributes.recipientsCount,
        finishedAt: attributes.finishedAt,
      })),
};
