import {
  formFieldViewOf,
  sectionsOf,
  type FormFieldView,
  type FormSection,
} from '@platform/contracts/forms/rules';
import {
  RESOURCE_PAGE_SIZE,
  resourceApi,
  type ResourceRecord,
} from '../../kit/admin/resources/resource-api.ts';
import type { ApiClient } from '../../kit/api/client.ts';

/** The most pages of a list read for one form's outline (25 records a page): far more than a form holds. */
const MOST_PAGES = 40;

/** Every record of `type` naming the form through `relationship`, in `sort`'s order. */
export async function recordsOfForm(
  api: ApiClient,
  type: string,
  formId: string,
  options: { sort: string; relationship?: string; signal?: AbortSignal; minPosition?: string },
): Promise<ResourceRecord[]> {
  const records: ResourceRecord[] = [];
  for (let page = 1; page <= MOST_PAGES; page += 1) {
    const list = await resourceApi.list(api, type, {
      page,
      sort: options.sort,
      search: '',
      filters: { [options.relationship ?? 'form']: formId },
      trashed: null,
      ...(options.minPosition ? { minPosition: options.minPosition } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    records.push(...list.data);
    if (list.data.length < RESOURCE_PAGE_SIZE) break;
  }
  return records;
}

const relatedId = (record: ResourceRecord, name: string): string | null => {
  const data = record.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

/** A field record of the back office as the page's rules read it (null: a type the platform does not know). */
export function fieldView(record: ResourceRecord): FormFieldView | null {
  const a = record.attributes;
  return formFieldViewOf({
    id: record.id,
    position: typeof a.position === 'number' ? a.position : 0,
    title: typeof a.title === 'string' ? a.title : '',
    description: typeof a.description === 'string' ? a.description : null,
    required: a.required === true,
    fieldType: relatedId(record, 'fieldType') ?? '',
    dataType: relatedId(record, 'dataType'),
    config: a.config ?? {},
  });
}

/** A form's pages, from its field records. */
export function pagesOf(records: readonly ResourceRecord[]): FormSection[] {
  return sectionsOf(records.map(fieldView).filter((field): field is FormFieldView => field !== null));
}
