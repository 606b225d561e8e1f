import { z } from 'zod/v4';

/**
 * The page of a back-office list (JSON:API meta): how many records in all, and where this page stands.
 * `totalCapped`: a resource list counted no further than `total`, more records follow (ADR 0045).
 */
export const ListMetaSchema = z.object({
  total: z.number(),
  totalCapped: z.boolean().optional(),
  page: z.object({ number: z.number(), size: z.number(), totalPages: z.number() }),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;
