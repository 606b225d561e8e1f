import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';

/**
 * The Eqlaat programme's own routes beside its records' (contracts/src/eqlaat/records.ts, whose routes the resource
 * layer declares): a report made as a PDF when asked (query-api/src/eqlaat/report-pdf-routes.ts), the path that
 * `eqlaatReportPdfPath` names (seed 000 §7).
 */
export const eqlaatEndpoints = {
  /** the report, its record and the files attached to it, as a PDF download, under the report's own `show` rule */
  reportPdf: defineEndpoint({ method: 'GET', path: '/services/eqlaat-reports/:id/show/pdf' }),
} satisfies Record<string, AnyEndpoint>;
