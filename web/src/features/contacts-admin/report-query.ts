import {
  lightUserReportSearch,
  lightUserResource,
  type LightUserReportQuery,
} from '@platform/contracts/contacts/records';
import { resourceFields } from '@platform/contracts/resources/fields';
import { listFilterNames, listHref, type ListSearch } from '../../kit/admin/resources/list-query.ts';

/**
 * A contacts report (contracts/src/contacts/records.ts) and the contacts' list of the back office speak of the same
 * view in two ways: the report as the API's list takes it (`filter[locale]=fr`, the soft-deleted ones among the
 * filters as `filter[trashed]`), the list screen in its own address (`f.locale=fr`, `trashed=with`). These turn one
 * into the other, so that a report saved from the list opens the list as it was.
 */

export const CONTACTS = lightUserResource.type;
const TRASHED = 'trashed';

/** The list's view as a report keeps it. */
export function reportQueryOfList(view: ListSearch): LightUserReportQuery {
  return {
    search: view.search,
    sort: view.sort,
    filters: { ...view.filters, ...(view.trashed ? { [TRASHED]: view.trashed } : {}) },
  };
}

/** A report's query string, saved from the list's view: its parameters in a stable order, no page. */
export const reportQueryString = (view: ListSearch) => lightUserReportSearch(reportQueryOfList(view));

/** A report's view of the list, as the list screen reads it. */
export function listViewOfReport(query: LightUserReportQuery): ListSearch {
  const { [TRASHED]: trashed, ...filters } = query.filters;
  return {
    search: query.search,
    sort: query.sort,
    filters,
    trashed: trashed === 'with' || trashed === 'only' ? trashed : null,
  };
}

/** The contacts' list of the back office showing what a report keeps. */
export const reportListHref = (query: LightUserReportQuery) => listHref(CONTACTS, listViewOfReport(query));

/**
 * The filters the list screen offers (a related record's among them: a tag, an organization): every one a report
 * may keep (the report test holds the two together), so that the list opens as the report says.
 */
export const LIST_FILTERS: ReadonlySet<string> = new Set([
  ...listFilterNames(lightUserResource, resourceFields(lightUserResource)),
  TRASHED,
]);
export const isTrashedFilter = (name: string) => name === TRASHED;
