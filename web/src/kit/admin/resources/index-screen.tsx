import { allows, type ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields, type FieldInfo } from '@platform/contracts/resources/fields';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../api/api-context.tsx';
import { usePageTitle } from '../../routing/page-title.ts';
import { Button } from '../../ui/button.tsx';
import { ButtonLink } from '../../ui/link.tsx';
import { Select } from '../../ui/select.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import {
  BackToDashboard,
  DataTable,
  Filters,
  LoadError,
  Notice,
  Pager,
  ScreenHeader,
  TableScroll,
  useAdminErrorText,
  WidePage,
} from '../admin-ui.tsx';
import { pageParam, useListQuery } from '../use-list-query.ts';
import { ariaSort, nextSort, readSort, sortableFields, sortParam } from './list-query.ts';
import { resourcePaths } from './paths.ts';
import { RecordActions, recordTitle } from './record-actions.tsx';
import { indexIncluded, relatedViews, type IncludedIndex } from './record-title.ts';
import { RelatedRecords } from './related-records.tsx';
import { resourceApi, type ResourceList } from './resource-api.ts';
import { fieldKinds, useFormatValue, useResourceLabels, useResourceT } from './resource-ui.tsx';
import { may } from './viewer.ts';

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; list: ResourceList; included: IncludedIndex };

const TRASHED = ['none', 'with', 'only'] as const;

/**
 * The columns of a list: the title first, then the short attributes, the related records (by name) and the
 * computed fields, then the last change.
 */
export function listColumns(definition: ResourceDefinition, fields: readonly FieldInfo[]): string[] {
  const short = fields.filter((f) => f.kind !== 'longText' && f.kind !== 'json').map((f) => f.name);
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
  const errorText = useAdminErrorText();
  const labels = useResourceLabels(definition);
  const format = useFormatValue();
  const { params, update } = useListQuery();
  const { type } = definition;
  const fields = useMemo(() => resourceFields(definition), [definition]);
  const kinds = fieldKinds(definition, Object.fromEntries(fields.map((f) => [f.name, f.kind])));
  const page = pageParam(params.get('page'));
  const sort = readSort(definition, params.get('sort'));
  const search = params.get('search') ?? '';
  const trashedParam = params.get('trashed');
  // the trashed view is for those who may restore (the server asks the same rule)
  const canTrash = definition.softDeletable && allows(definition.access.restore, viewer);
  const trashed = canTrash && (trashedParam === 'with' || trashedParam === 'only') ? trashedParam : null;
  const filterFields = definition.filters
    .map((name) => fields.find((f) => f.name === name))
    .filter((f): f is FieldInfo => f !== undefined);
  const filterKey = JSON.stringify(
    Object.fromEntries(filterFields.map((f) => [f.name, params.get(`f.${f.name}`) ?? ''])),
  );
  const [draft, setDraft] = useState(search);
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(filterFields.map((f) => [f.name, params.get(`f.${f.name}`) ?? ''])),
  );
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [reading, setReading] = useState<{ n: number; minPosition?: string }>({ n: 0 });
  const [actionError, setActionError] = useState<string | null>(null);
  const sortValue = sortParam(sort);
  usePageTitle(labels.typeName);

  useEffect(() => {
    const controller = new AbortController();
    const filters = JSON.parse(filterKey) as Record<string, string>;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    resourceApi
      .list(api, type, {
        page,
        sort: sortValue,
        search,
        filters,
        trashed,
        // the related records come along, so that each row names them
        include: Object.keys(definition.relationships),
        minPosition: reading.minPosition,
        signal: controller.signal,
      })
      .then(
        (list) => setState({ status: 'ready', list, included: indexIncluded(list.included) }),
        (error: unknown) => controller.signal.aborted || setState({ status: 'failed', error }),
      );
    return () => controller.abort();
  }, [api, type, definition, page, sortValue, search, filterKey, trashed, reading]);
  const reload = useCallback((minPosition?: string) => setReading((r) => ({ n: r.n + 1, minPosition })), []);

  const columns = listColumns(definition, fields);
  const sortable = new Set(sortableFields(definition));
  const list = state.status === 'ready' ? state.list : null;
  const included = state.status === 'ready' ? state.included : indexIncluded([]);
  const captionId = `${type}-caption`;

  return (
    <WidePage>
      <BackToDashboard />
      <ScreenHeader>
        <h1>{labels.typeName}</h1>
        {may(definition, 'create', viewer) ? (
          <ButtonLink href={resourcePaths.create(type)}>{t('admin.resources.create')}</ButtonLink>
        ) : null}
      </ScreenHeader>
      {definition.search.length || filterFields.length || canTrash ? (
        <Filters
          role="search"
          aria-label={t('admin.resources.filters', { resource: labels.typeName })}
          onSubmit={(e) => {
            e.preventDefault();
            update({
              search: draft.trim() || null,
              page: null,
              ...Object.fromEntries(filterFields.map((f) => [`f.${f.name}`, drafts[f.name]?.trim() || null])),
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
      ) : null}
      {actionError ? (
        <div role="alert">
          <Notice $tone="error">{actionError}</Notice>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={() => reload()} />
      ) : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {list && list.data.length === 0 ? <p>{t('admin.resources.empty')}</p> : null}
      {list && list.data.length > 0 ? (
        <TableScroll aria-labelledby={captionId}>
          <DataTable>
            <caption id={captionId}>
              {t('admin.resources.caption', { resource: labels.typeName, total: list.meta.total })}
            </caption>
            <thead>
              <tr>
                {columns.map((name) => (
                  <th
                    key={name}
                    scope="col"
                    aria-sort={sortable.has(name) ? ariaSort(sort, name) : undefined}
                  >
                    {sortable.has(name) ? (
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
                    )}
                  </th>
                ))}
                <th scope="col">{t('admin.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((record) => (
                <tr key={record.id}>
                  {columns.map((name, i) => {
                    if (i > 0 && name in definition.relationships)
                      return (
                        <td key={name} className="text">
                          <RelatedRecords records={relatedViews(record.relationships?.[name], included)} />
                        </td>
                      );
                    const value = name === 'id' ? record.id : record.attributes[name];
                    const text = i === 0 ? recordTitle(definition, record) : format(value, kinds[name]);
                    return i === 0 ? (
                      <th key={name} scope="row" className="text">
                        {text}
                        {typeof record.attributes.deletedAt === 'string' ? (
                          <> ({t('admin.resources.softDeletedTag')})</>
                        ) : null}
                      </th>
                    ) : (
                      <td key={name} className="text">
                        {text}
                      </td>
                    );
                  })}
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      ) : null}
      {list ? (
        <Pager
          meta={list.meta}
          label={t('admin.resources.pages', { resource: labels.typeName })}
          onPage={(n) => update({ page: n === 1 ? null : String(n) })}
        />
      ) : null}
    </WidePage>
  );
}
