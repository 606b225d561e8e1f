import { moderationEndpoints } from '@platform/contracts/content/endpoints';
import type { ReportResolution } from '@platform/contracts/content/report';
import { z } from 'zod/v4';
import type { ApiClient } from '../../../kit/api/client.ts';

/** A command's answer: the report, and the position at which the screen reads it again. */
const CommandAnswerSchema = z.object({
  data: z.object({ type: z.string(), id: z.string() }).optional(),
  meta: z.object({ position: z.string().optional() }).passthrough().optional(),
});

/**
 * The reports queue's command (command-api/src/content/report-routes.ts): a moderator dismisses a report, or
 * removes the record it reports; the answer's position covers the removal too.
 */
export const moderationApi = {
  resolve: (api: ApiClient, reportId: string, resolution: ReportResolution, note: string | null) =>
    api.call(moderationEndpoints.resolve, {
      params: { id: reportId },
      schema: CommandAnswerSchema,
      body: { data: { type: 'reports', attributes: { resolution, note } } },
    }),
};
