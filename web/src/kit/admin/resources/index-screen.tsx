import { allows, type ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields, type FieldInfo } from '@platform/contracts/resources/fields';
import { useMemo, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/link.tsx';
import { Select } from '../../ui/select.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { Filters } from '../admin-ui.tsx';
import { ListFrame, useListRead, type ListColumn } from '../list-frame.tsx';
import { pageParam, useListQuery } from '../use-list-query.ts';
import { ANY_FILTER, ListActionsSlot, useResourceExtension } from './extensions.tsx';
import {
  ariaSort,
  filterParam,
  listFilterFields,
  offeredRelationshipFilters,
  nextSort,
  readSort,
  sortableFields,
  sortParam,
  type ListSearch,
} from './list-query.ts';
import { resourcePaths } from './paths.ts';
import { RecordActions, recordTitle } from './record-actions.tsx';
import { indexIncluded, relatedViews } from './record-title.ts';
import { RelatedRecords } from './related-records.tsx';
import { RelationshipFilterField } from './relationship-filter.tsx';
import { resourceApi, type ResourceRecord } from './resource-api.ts';
import {
  fieldDisplays,
  fieldKinds,
  HeaderActions,
  useFormatValue,
  useResourceLabels,
  useResourceT,
} from './resource-ui.tsx';
import { may } from './viewer.ts';

const TRASHED = ['none', 'with', 'only'] as const;

/**
 * The columns of a list: the title first, then the short attributes, the related records (by name) and the
 * computed fields, then the last change.
 */
export function listColumns(definition: ResourceDefinition, fields: readonly FieldInfo[]): string[] {
  const short = fields
    .filter((f) => f.kind !== 'longText' && f.kind !== 'richText' && f.kind !== 'json')
    .map((f) => f.name);
  const title = definition.title ?? 'id';
  return [
    title,
    ...short.filter((name) => name !== title),
    ...Object.keys(definition.relationships),
    ...Object.keys(definition.computed),
    'updatedAt',
  ];
}

/** A filter's choices when it is not free text: yes/no, an enum's values, or set/not set for a nullable date. */
function filterOptions(field: FieldInfo): string[] | null {
  if (field.kind === 'boolean') return ['true', 'false'];
  if (field.kind === 'enum') return [...(field.enumValues ?? []), ...(field.nullable ? ['null'] : [])];
  if (field.kind === 'datetime') return ['null'];
  return null;
}

/** /admin/resources/{type}/index: the records of a type, sorted, searched, filtered and paged in the URL. */
export function IndexScreen({ definition, viewer }: { definition: ResourceDefinition; viewer: ViewerFacts }) {
  const t = useResourceT();
  const api = useApi();
  const labels = useResourceLabels(definition);
  const format = useFormatValue();
  const { params, update } = useListQuery();
  const { type } = definition;
  const fields = useMemo(() => resourceFields(definition), [definition]);
  const kinds = fieldKinds(definition, Object.fromEntries(fields.map((f) => [f.name, f.kind])));
  const displays = fieldDisplays(fields);
  const page = pageParam(params.get('page'));
  const sort = readSort(definition, params.get('sort'));
  const search = params.get('search') ?? '';
  const trashedParam = params.get('trashed');
  // the trashed view is for those who may restore (the server asks the same rule)
  const canTrash = definition.softDeletable && allows(definition.access.restore, viewer);
  const trashed = canTrash && (trashedParam === 'with' || trashedParam === 'only') ? trashedParam : null;
  const filterFields = listFilterFields(definition, fields);
  const relationFilters = offeredRelationshipFilters(definition, viewer);
  const filterNames = [...filterFields.map((f) => f.name), ...relationFilters.map((f) => f.name)];
  const extension = useResourceExtension(type);
  // a module may open the list on some filters (the pending publication requests): "any" then says none
  const defaults = extension.defaultFilters ?? {};
  const filterValue = (name: string) => {
    const value = params.get(filterParam(name)) ?? defaults[name] ?? '';
    return value === ANY_FILTER && Object.hasOwn(defaults, name) ? '' : value;
  };
  const filterKey = JSON.stringify(Object.fromEntries(filterNames.map((name) => [name, filterValue(name)])));
  const [draft, setDraft] = useState(search);
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(filterNames.map((name) => [name, filterValue(name)])),
  );
  const [actionError, setActionError] = useState<string | null>(null);
  const sortValue = sortParam(sort);
  const sortAsked = params.get('sort');
  // what the list shows as its address says it, for a module's list actions (a report of it)
  const listSearch: ListSearch = {
    // as the list sends it
    search: search.trim() || null,
    sort: sortAsked && sortAsked === sortValue ? sortAsked : null,
    filters: Object.fromEntries(
      Object.entries(JSON.parse(filterKey) as Record<string, string>).filter(([, value]) => value !== ''),
    ),
    trashed,
  };
  const create = may(definition, 'create', viewer) ? (
    <ButtonLink href={resourcePaths.create(type)}>{t('admin.resources.create')}</ButtonLink>
  ) : null;

  const { state, reload } = useListRead(
    async ({ signal, minPosition }) => {
      const list = await resourceApi.list(api, type, {
        page,
        sort: sortValue,
        search,
        filters: JSON.parse(filterKey) as Record<string, string>,
        trashed,
        // the related records come along, so that each row names them
        include: Object.keys(definition.relationships),
        minPosition,
        signal,
      });
      return { list, included: indexIncluded(list.included) };
    },
    [api, type, definition, page, sortValue, search, filterKey, trashed],
  );

  const columns = listColumns(definition, fields);
  const sortable = new Set(sortableFields(definition));
  const included = state.status === 'ready' ? state.value.included : indexIncluded([]);
  const columnsOf: ListColumn<ResourceRecord>[] = columns.map((name, i) => ({
    id: name,
    sort: sortable.has(name) ? ariaSort(sort, name) : undefined,
    header: sortable.has(name) ? (
      <Button
        variant="text"
        size="small"
        onPress={() => update({ sort: sortParam(nextSort(sort, name)), page: null })}
      >
        {labels.field(name)}
        <span aria-hidden="true">
          {sort.field === name ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
        <VisuallyHidden>
          {sort.field === name && sort.direction === 'asc'
            ? t('admin.resources.sort.descending')
            : t('admin.resources.sort.ascending')}
        </VisuallyHidden>
      </Button>
    ) : (
      labels.field(name)
    ),
    rowHeader: i === 0,
    text: true,
    cell: (record) => {
      if (i > 0 && name in definition.relationships)
        return <RelatedRecords records={relatedViews(record.relationships?.[name], included)} />;
      const value = record.attributes[name];
      // an enum's value by its label (a file's family: "3D model", not 3d)
      if (i > 0 && kinds[name] === 'enum' && typeof value === 'string') return labels.enumValue(name, value);
      if (i > 0)
        return format(name === 'id' ? record.id : record.attributes[name], kinds[name], displays[name]);
      return (
        <>
          {recordTitle(definition, record, labels.enumValue)}
          {typeof record.attributes.deletedAt === 'string' ? (
            <> ({t('admin.resources.softDeletedTag')})</>
          ) : null}
        </>
      );
    },
  }));
  columnsOf.push({
    id: 'actions',
    header: t('admin.column.actions'),
    cell: (record) => (
      <RecordActions
        definition={definition}
        record={record}
        viewer={viewer}
        onDone={(_, position) => {
          setActionError(null);
          reload(position);
        }}
        onError={setActionError}
      />
    ),
  });

  return (
    <ListFrame
      title={labels.typeName}
      actions={
        create || extension.listActions ? (
          <HeaderActions>
            {create}
            {/* a module's own actions on the list, declared by its module (extensions.tsx) */}
            <ListActionsSlot definition={definition} viewer={viewer} search={listSearch} />
          </HeaderActions>
        ) : null
      }
      before={
        definition.search.length || filterNames.length || canTrash ? (
          <Filters
            role="search"
            aria-label={t('admin.resources.filters', { resource: labels.typeName })}
            onSubmit={(e) => {
              e.preventDefault();
              update({
                search: draft.trim() || null,
                page: null,
                ...Object.fromEntries(
                  filterNames.map((name) => [
                    filterParam(name),
                    drafts[name]?.trim() || (Object.hasOwn(defaults, name) ? ANY_FILTER : null),
                  ]),
                ),
              });
            }}
          >
            {definition.search.length ? (
              <TextField
                label={t('admin.resources.search')}
                description={t('admin.resources.searchHelp', {
                  fields: definition.search.map((name) => labels.field(name)).join(', '),
                })}
                type="search"
                value={draft}
                onChange={setDraft}
                maxLength={200}
              />
            ) : null}
            {filterFields.map((f) => {
              const options = filterOptions(f);
              const label = labels.field(f.name);
              const value = drafts[f.name] ?? '';
              const set = (v: string) => setDrafts((d) => ({ ...d, [f.name]: v }));
              return options ? (
                <Select
                  key={f.name}
                  label={label}
                  options={[
                    { id: 'any', label: t('admin.resources.filter.any') },
                    ...options.map((o) => ({
                      id: o,
                      label:
                        o === 'null'
                          ? t('admin.resources.filter.empty')
                          : o === 'true'
                            ? t('admin.yes')
                            : o === 'false'
                              ? t('admin.no')
                              : labels.enumValue(f.name, o),
                    })),
                  ]}
                  value={value === '' ? 'any' : value}
                  onChange={(key) => set(key === 'any' || key === null ? '' : String(key))}
                />
              ) : (
                <TextField key={f.name} label={label} value={value} onChange={set} maxLength={f.maxLength} />
              );
            })}
            {relationFilters.map((f) => (
              <RelationshipFilterField
                key={f.name}
                filter={f}
                label={labels.field(f.name)}
                value={drafts[f.name] ?? ''}
                onChange={(v) => setDrafts((d) => ({ ...d, [f.name]: v }))}
                included={included}
              />
            ))}
            {canTrash ? (
              <Select
                label={t('admin.resources.trashed')}
                options={TRASHED.map((id) => ({ id, label: t(`admin.resources.trashed.${id}`) }))}
                value={trashed ?? 'none'}
                onChange={(key) =>
                  update({ trashed: key === 'none' || key === null ? null : String(key), page: null })
                }
              />
            ) : null}
            <Button type="submit">{t('admin.resources.searchSubmit')}</Button>
          </Filters>
        ) : null
      }
      actionError={actionError}
      state={state}
      onRetry={() => reload()}
      list={(d) => ({ rows: d.list.data, meta: d.list.meta })}
      caption={(total, _, capped) =>
        t(capped ? 'admin.resources.captionMore' : 'admin.resources.caption', {
          resource: labels.typeName,
          total,
        })
      }
      captionId={`${type}-caption`}
      columns={columnsOf}
      rowKey={(record) => record.id}
      empty={t('admin.resources.empty')}
      pagerLabel={t('admin.resources.pages', { resource: labels.typeName })}
      onPage={(n) => update({ page: n === 1 ? null : String(n) })}
    />
  );
}
