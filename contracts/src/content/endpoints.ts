import { z } from 'zod/v4';
import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { ReportResolveSchema } from './report.ts';

/**
 * The reports queue's one command (command-api/src/content/report-resolution.ts): a moderator resolves a report,
 * dismissing it or removing the reported record. The answer names the report and where its events stand.
 */
export const moderationEndpoints = {
  resolve: defineEndpoint({
    method: 'POST',
    path: '/services/reports/:id/resolve',
    body: z.object({
      data: z.object({ type: z.literal('reports').optional(), attributes: ReportResolveSchema }),
    }),
  }),
} satisfies Record<string, AnyEndpoint>;
