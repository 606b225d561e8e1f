import { VALIDATION_REQUEST_STATUSES } from '@platform/contracts/accounts/reference';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';

/** One validation request as accountEndpoints.validationRequests lists it (query-api validation-requests-routes). */
export const ValidationRequestSchema = z.object({
  type: z.literal('validation-requests'),
  id: z.string(),
  attributes: z
    .object({
      description: z.string(),
      status: z.enum(VALIDATION_REQUEST_STATUSES),
      refuseReason: z.string().nullable().optional(),
      createdAt: z.string(),
      updatedAt: z.string().optional(),
    })
    .passthrough(),
});
export type ValidationRequest = z.infer<typeof ValidationRequestSchema>;

const ListSchema = z.object({ data: z.array(ValidationRequestSchema) }).passthrough();
const CreatedSchema = z
  .object({ data: z.object({ id: z.string() }).passthrough(), meta: z.object({ position: z.string() }) })
  .passthrough();

/** The member's latest request (the list is newest first), or null when they never sent one. */
export async function latestValidationRequest(
  api: ApiClient,
  userId: string,
  options: { minPosition?: string; signal?: AbortSignal } = {},
): Promise<ValidationRequest | null> {
  const list = await api.call(accountEndpoints.validationRequests, {
    schema: ListSchema,
    query: { 'filter[user]': userId, 'page[size]': 1, minPosition: options.minPosition },
    signal: options.signal,
  });
  return list.data[0] ?? null;
}

/** accountEndpoints.requestValidation (JSON:API); resolves to the answer's position, for the next read. */
export async function sendValidationRequest(api: ApiClient, description: string): Promise<string> {
  const answer = await api.call(accountEndpoints.requestValidation, {
    schema: CreatedSchema,
    body: { data: { type: 'validation-requests', attributes: { description } } },
  });
  return answer.meta.position;
}
