import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields } from '@platform/contracts/resources/fields';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { usePageTitle } from '../../routing/page-title.ts';
import { Link } from '../../ui/link.tsx';
import { LoadError, Notice, useAdminErrorText, WidePage } from '../admin-ui.tsx';
import { resourcePaths } from './paths.ts';
import { historyRefs, recordRefs } from './history.ts';
import { useNamedRecords } from './named-records.ts';
import { relatedView } from './record-title.ts';
import { RelatedRecords } from './related-records.tsx';
import { resourceApi } from './resource-api.ts';
import { FieldList, fieldKinds, useFormatValue, useResourceLabels, useResourceT } from './resource-ui.tsx';
import { useLoaded } from '../../loading/use-loaded.ts';

/** /admin/resources/{type}/history/{id}/{revision}: the record's fields once that entry had been stored. */
export function AsItWasScreen({
  definition,
  id,
  revision,
}: {
  definition: ResourceDefinition;
  id: string;
  revision: string;
}) {
  const t = useResourceT();
  const api = useApi();
  const intl = useIntl();
  const errorText = useAdminErrorText();
  const labels = useResourceLabels(definition);
  const format = useFormatValue();
  const { type } = definition;
  const fields = useMemo(() => resourceFields(definition), [definition]);
  const kinds = fieldKinds(definition, Object.fromEntries(fields.map((f) => [f.name, f.kind])));
  const { state, retry } = useLoaded(
    (signal) => resourceApi.asItWas(api, type, id, revision, signal),
    [api, type, id, revision],
  );

  const at = state.status === 'ready' ? state.value : null;
  const when = at
    ? intl.formatDate(new Date(at.meta.recordedAt), { dateStyle: 'long', timeStyle: 'medium' })
    : '';
  const heading = at
    ? t('admin.resources.asItWas.title', { resource: labels.typeName, when })
    : t('admin.resources.asItWas.loading', { resource: labels.typeName });
  usePageTitle(heading);
  const names = [...fields.map((f) => f.name), ...Object.keys(definition.relationships)];
  // the records its relationships pointed at, by their names
  const refs = useMemo(
    () => (at ? recordRefs(at.attributes, definition.relationships) : []),
    [at, definition],
  );
  const named = useNamedRecords(api, refs);

  return (
    <WidePage>
      <p>
        <Link href={resourcePaths.history(type, id)}>{t('admin.resources.backToHistory')}</Link>
      </p>
      <h1>{heading}</h1>
      {state.status === 'failed' ? <LoadError message={errorText(state.error)} onRetry={retry} /> : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {at ? (
        <>
          <Notice>{t('admin.resources.asItWas.revision', { revision: at.meta.revision })}</Notice>
          {at.meta.exists ? (
            <FieldList>
              <dt>{labels.field('id')}</dt>
              <dd>{id}</dd>
              {names.map((name) => (
                <FieldPair key={name} label={labels.field(name)}>
                  {name in definition.relationships ? (
                    <RelatedRecords
                      records={historyRefs(at.attributes[name], definition.relationships[name]!.type).map(
                        (ref) => relatedView(ref.type, ref.id, named),
                      )}
                    />
                  ) : (
                    format(at.attributes[name], kinds[name])
                  )}
                </FieldPair>
              ))}
            </FieldList>
          ) : (
            <p>{t('admin.resources.asItWas.gone')}</p>
          )}
        </>
      ) : null}
    </WidePage>
  );
}

function FieldPair({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
