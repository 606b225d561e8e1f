import { lightUserResource, type LightUserReportQuery } from '@platform/contracts/contacts/records';
import { resourceFields, type FieldInfo } from '@platform/contracts/resources/fields';
import { useMemo } from 'react';
import styled from 'styled-components';
import type { HistoryRef } from '../../kit/admin/resources/history.ts';
import { useNamedRecords } from '../../kit/admin/resources/named-records.ts';
import { relatedView } from '../../kit/admin/resources/record-title.ts';
import { useRecordTitle, useResourceLabels, useResourceT } from '../../kit/admin/resources/resource-ui.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import { useContactsAdminT } from './contacts-admin-ui.ts';
import { isTrashedFilter } from './report-query.ts';

const FIELDS: readonly FieldInfo[] = resourceFields(lightUserResource);
const kindOf = (name: string) =>
  FIELDS.find((f) => f.name === name)?.kind ??
  // a filter on whether some attributes are set: yes or no
  (lightUserResource.listFilters[name]?.kind === 'present' ? 'boolean' : undefined);
const relatedType = (name: string) =>
  (lightUserResource.relationships as Record<string, { type: string } | undefined>)[name]?.type;
/** a relationship's filter may name several records, comma-separated */
const idsOf = (value: string) =>
  value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

const Lines = styled.ul`
  margin: 0.5rem 0 1rem;
  padding-inline-start: 1.25rem;
  li {
    overflow-wrap: anywhere;
  }
  li + li {
    margin-top: 0.25rem;
  }
`;

/**
 * A contacts report's parameters in words, with the back office's own names: the search, the order (the field's
 * label and its direction, or the list's own when the report asks none) and each filter as "label: value" (yes or
 * no, an enum's label, a related record's name once read, its id until then or when it cannot be read). The list
 * screen offers every filter a report may keep (report-query.ts), so the list opens as the report says.
 */
export function ReportParameters({ query }: { query: LightUserReportQuery }) {
  const t = useContactsAdminT();
  const rt = useResourceT();
  const api = useApi();
  const labels = useResourceLabels(lightUserResource);
  const titleOf = useRecordTitle();
  const filters = Object.entries(query.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const refsKey = JSON.stringify(
    filters.flatMap(([name, value]) => {
      const type = relatedType(name);
      return type ? idsOf(value).map((ref) => ({ type, id: ref })) : [];
    }),
  );
  const refs = useMemo(() => JSON.parse(refsKey) as HistoryRef[], [refsKey]);
  const named = useNamedRecords(api, refs);

  const valueOf = (name: string, value: string): string => {
    if (isTrashedFilter(name))
      return value === 'with' || value === 'only' ? rt(`admin.resources.trashed.${value}`) : value;
    const type = relatedType(name);
    if (type)
      return idsOf(value)
        .map((ref) => {
          const view = relatedView(type, ref, named);
          return titleOf(type, ref, view.title);
        })
        .join(', ');
    if (value === 'null') return rt('admin.resources.filter.empty');
    const kind = kindOf(name);
    if (kind === 'boolean' && (value === 'true' || value === 'false'))
      return rt(value === 'true' ? 'admin.yes' : 'admin.no');
    if (kind === 'enum') return labels.enumValue(name, value);
    return value;
  };
  const labelOf = (name: string) =>
    isTrashedFilter(name) ? rt('admin.resources.trashed') : labels.field(name);
  const direction = (desc: boolean) =>
    t(desc ? 'contactsAdmin.report.descending' : 'contactsAdmin.report.ascending');
  const { defaultSort } = lightUserResource;

  return (
    <Lines>
      {query.search ? <li>{t('contactsAdmin.report.search', { words: query.search })}</li> : null}
      <li>
        {query.sort
          ? t('contactsAdmin.report.sort', {
              field: labels.field(query.sort.replace(/^-/, '')),
              direction: direction(query.sort.startsWith('-')),
            })
          : t('contactsAdmin.report.sortDefault', {
              field: labels.field(defaultSort.field),
              direction: direction(defaultSort.direction === 'desc'),
            })}
      </li>
      {filters.map(([name, value]) => (
        <li key={name}>
          {t('contactsAdmin.report.filter', {
            label: labelOf(name),
            value: valueOf(name, value),
          })}
        </li>
      ))}
      {!query.search && filters.length === 0 ? <li>{t('contactsAdmin.report.everyone')}</li> : null}
    </Lines>
  );
}
