import { ReportResolved } from '@platform/contracts/content/report';
import type { ResourceProjectionExtension } from '../resources/projection.ts';

type Resolved = (typeof ReportResolved)['schema']['_output'];

/**
 * A report's `resolution` and `resolvedAt` (issue 21, ADR 0037), set by its resolution: null while the report
 * waits in the moderators' queue. A workflow event of the report's stream: it leaves the row's `version` as it is.
 */
export const reportResolutionExtension: ResourceProjectionExtension = {
  eventTypes: [ReportResolved.type],
  async apply(tx, event, table) {
    const d = event.data as Resolved;
    await tx`update ${tx(table)} set resolution = ${d.resolution}, resolved_at = ${d.resolvedAt}
      where id = ${d.reportId}`;
  },
};
