import { z } from 'zod/v4';

/** The page of a back-office list (JSON:API meta): how many records in all, and where this page stands. */
export const ListMetaSchema = z.object({
  total: z.number(),
  page: z.object({ number: z.number(), size: z.number(), totalPages: z.number() }),
});
export type ListMeta = z.infer<typeof ListMetaSchema>;
