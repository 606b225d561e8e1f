import { z } from 'zod/v4';

/**
 * The answer of a command (command-api/src/http/respond.ts): the resource it touched, `meta.position` for the next
 * read's minPosition and `meta.version` for the next command's If-Match.
 */
export const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }).passthrough(),
  meta: z.object({ position: z.string(), version: z.string() }).passthrough(),
});
export type CommandAnswer = z.infer<typeof CommandAnswerSchema>;
