import { eqlaatReportResource } from '@platform/contracts/eqlaat/records';
import { isServed, type ResourceDefinition } from '@platform/contracts/resources/definition';
import { eqlaatReportPdfRoutes } from '@platform/query-api/eqlaat/report-pdf-routes';
import type { ModuleDescriptor } from '../module-descriptor.ts';

/**
 * The Eqlaat programme (ADR 0056): its records are resources of the catalogue (contracts/src/eqlaat/records.ts);
 * the module adds a report made as a PDF (seed 000 §7), served when the catalogue holds the reports and
 * FEATURE_EQLAAT is on (off: the path answers 404, as the records' own routes do).
 */
export function eqlaatModule(served: readonly ResourceDefinition[]): ModuleDescriptor {
  const reports = served.find((definition) => definition.type === eqlaatReportResource.type);
  return {
    name: 'eqlaat',
    query: ({ features, appName, defaultLocale }) =>
      reports && isServed(reports, features)
        ? [eqlaatReportPdfRoutes(served, { appName, defaultLocale })]
        : [],
  };
}
