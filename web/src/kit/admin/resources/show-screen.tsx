import type { ViewerFacts } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields } from '@platform/contracts/resources/fields';
import { useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useApi } from '../../api/api-context.tsx';
import { useLoadedAt } from '../../loading/use-loaded.ts';
import { usePageTitle } from '../../routing/page-title.ts';
import { useNavigation } from '../../routing/router.tsx';
import { ButtonLink, Link } from '../../ui/link.tsx';
import { LoadError, Notice, useAdminErrorText, WidePage } from '../admin-ui.tsx';
import { resourcePaths } from './paths.ts';
import { ShowActionsSlot } from './extensions.tsx';
import { isSoftDeleted, RecordActions, recordTitle } from './record-actions.tsx';
import { indexIncluded, relatedViews } from './record-title.ts';
import { RelatedRecords } from './related-records.tsx';
import { resourceApi } from './resource-api.ts';
import {
  ActionBar,
  FieldList,
  fieldDisplays,
  fieldKinds,
  useFormatValue,
  useResourceLabels,
  useResourceT,
} from './resource-ui.tsx';
import { may } from './viewer.ts';

/** /admin/resources/{type}/show/{id}: every field of a record, its version, and what may be done with it. */
export function ShowScreen({
  definition,
  viewer,
  id,
}: {
  definition: ResourceDefinition;
  viewer: ViewerFacts;
  id: string;
}) {
  const t = useResourceT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const labels = useResourceLabels(definition);
  const format = useFormatValue();
  const { navigate } = useNavigation();
  const search = useSearch();
  const { type } = definition;
  const fields = useMemo(() => resourceFields(definition), [definition]);
  const kinds = fieldKinds(definition, Object.fromEntries(fields.map((f) => [f.name, f.kind])));
  const displays = fieldDisplays(fields);
  const { state, reload } = useLoadedAt(
    async ({ signal, minPosition }) => {
      const include = Object.keys(definition.relationships);
      const { data: record, included } = await resourceApi.find(api, type, id, {
        include,
        minPosition,
        signal,
      });
      return { record, included: indexIncluded(included) };
    },
    [api, type, id, definition],
    { keep: true, position: new URLSearchParams(search).get('minPosition') ?? undefined },
  );
  const [actionError, setActionError] = useState<string | null>(null);

  const record = state.status === 'ready' ? state.value.record : null;
  const included = state.status === 'ready' ? state.value.included : indexIncluded([]);
  const title = record ? recordTitle(definition, record, labels.enumValue) : id;
  usePageTitle(t('admin.resources.show.title', { resource: labels.typeName, title }));

  const names = [
    ...fields.map((f) => f.name),
    ...Object.keys(definition.computed),
    ...Object.keys(definition.relationships),
  ];
  return (
    <WidePage>
      <p>
        <Link href={resourcePaths.index(type)}>
          {t('admin.resources.backToList', { resource: labels.typeName })}
        </Link>
      </p>
      <h1>{t('admin.resources.show.title', { resource: labels.typeName, title })}</h1>
      {state.status === 'failed' ? (
        <LoadError message={errorText(state.error)} onRetry={() => reload()} />
      ) : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {record ? (
        <>
          {isSoftDeleted(record) ? <Notice>{t('admin.resources.softDeletedNotice')}</Notice> : null}
          <ActionBar>
            {!isSoftDeleted(record) && may(definition, 'update', viewer) ? (
              <ButtonLink href={resourcePaths.update(type, id)}>{t('admin.resources.edit')}</ButtonLink>
            ) : null}
            <ButtonLink variant="secondary" href={resourcePaths.history(type, id)}>
              {t('admin.resources.history')}
            </ButtonLink>
          </ActionBar>
          {/* a workflow's own commands, declared by its module (extensions.tsx) */}
          <ShowActionsSlot
            definition={definition}
            record={record}
            included={included}
            viewer={viewer}
            reload={(position) => {
              setActionError(null);
              reload(position);
            }}
            onError={setActionError}
          />
          {actionError ? (
            <div role="alert">
              <Notice $tone="error">{actionError}</Notice>
            </div>
          ) : null}
          <FieldList>
            <dt>{labels.field('id')}</dt>
            <dd>{record.id}</dd>
            {names.map((name) => (
              <FieldRow key={name} label={labels.field(name)}>
                {name in definition.relationships ? (
                  <RelatedRecords records={relatedViews(record.relationships?.[name], included)} />
                ) : kinds[name] === 'enum' && typeof record.attributes[name] === 'string' ? (
                  labels.enumValue(name, record.attributes[name])
                ) : (
                  format(record.attributes[name], kinds[name], displays[name])
                )}
              </FieldRow>
            ))}
            <dt>{labels.field('createdAt')}</dt>
            <dd>{format(record.attributes.createdAt, 'datetime')}</dd>
            <dt>{labels.field('updatedAt')}</dt>
            <dd>{format(record.attributes.updatedAt, 'datetime')}</dd>
            {definition.softDeletable ? (
              <>
                <dt>{labels.field('deletedAt')}</dt>
                <dd>{format(record.attributes.deletedAt, 'datetime')}</dd>
              </>
            ) : null}
            <dt>{labels.field('version')}</dt>
            <dd>{record.meta?.version ?? t('admin.resources.value.empty')}</dd>
          </FieldList>
          <ActionBar>
            <RecordActions
              definition={definition}
              record={record}
              viewer={viewer}
              links={false}
              onDone={(command, position) => {
                setActionError(null);
                if (command === 'delete') navigate(resourcePaths.index(type));
                else reload(position);
              }}
              onError={setActionError}
            />
          </ActionBar>
        </>
      ) : null}
    </WidePage>
  );
}

function FieldRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
