import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { resourceFields } from '@platform/contracts/resources/fields';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../api/api-context.tsx';
import { usePageTitle } from '../../routing/page-title.ts';
import { useMessageLookup } from '../../i18n/use-t.ts';
import { Link } from '../../ui/link.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { LoadError, useAdminErrorText, WidePage } from '../admin-ui.tsx';
import {
  historyRefs,
  namedRefs,
  readHistory,
  titleFromHistory,
  type HistoryEntryView,
  type Person,
} from './history.ts';
import { useNamedRecords } from './named-records.ts';
import { relatedView } from './record-title.ts';
import { RelatedRecords } from './related-records.tsx';
import { resourcePaths } from './paths.ts';
import { resourceApi } from './resource-api.ts';
import { fieldKinds, useFormatValue, useResourceLabels, useResourceT } from './resource-ui.tsx';
import { useLoaded } from '../../loading/use-loaded.ts';

const Timeline = styled.ol`
  list-style: none;
  margin: 1rem 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Entry = styled.li`
  padding: 1rem;
  border-radius: 0.5rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.125rem;
  }
  p {
    margin: 0.25rem 0;
  }
  ul {
    margin: 0.5rem 0;
    padding-left: 1.25rem;
  }
  li {
    margin: 0.25rem 0;
    overflow-wrap: anywhere;
  }
  .field {
    font-weight: 600;
  }
  .before {
    text-decoration: line-through;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * /admin/resources/{type}/history/{id}: the record's timeline read from its stream, newest first: who (the
 * person, the organization they acted as, the administrator impersonating them), when, what, and each field's
 * value before and after; each entry opens the record as it was then.
 */
export function HistoryScreen({ definition, id }: { definition: ResourceDefinition; id: string }) {
  const t = useResourceT();
  const api = useApi();
  const intl = useIntl();
  const lookup = useMessageLookup();
  const errorText = useAdminErrorText();
  const labels = useResourceLabels(definition);
  const format = useFormatValue();
  const { type } = definition;
  const fields = useMemo(() => resourceFields(definition), [definition]);
  const kinds = fieldKinds(definition, Object.fromEntries(fields.map((f) => [f.name, f.kind])));
  const { state, retry } = useLoaded(
    async (signal) => readHistory(await resourceApi.history(api, type, id, signal)),
    [api, type, id],
  );

  const entries = state.status === 'ready' ? state.value : null;
  const refs = useMemo(
    () => (entries ? namedRefs(entries, definition.relationships) : []),
    [entries, definition],
  );
  const named = useNamedRecords(api, refs);
  const title = (state.status === 'ready' ? titleFromHistory(state.value, definition.title) : null) ?? id;
  const heading = t('admin.resources.history.title', { resource: labels.typeName, title });
  usePageTitle(heading);
  const who = (person: Person) =>
    person.kind === 'user'
      ? person.name
      : person.kind === 'system'
        ? t('admin.resources.history.system')
        : t('admin.resources.history.unknown', { id: person.id ?? '—' });
  // a workflow's value on the record's stream (`publicationRequest.status`: pending) by its label for every type
  // a relationship's records by their names (each a link to its screen); an enum's value by its label
  const shown = (field: string, value: unknown) => {
    const relationship = definition.relationships[field];
    if (relationship)
      return (
        <RelatedRecords
          records={historyRefs(value, relationship.type).map((r) => relatedView(r.type, r.id, named))}
        />
      );
    if (kinds[field] === 'enum' && typeof value === 'string') return labels.enumValue(field, value);
    return (
      (field.includes('.') && typeof value === 'string'
        ? lookup(`admin.resources.enum.${field}.${value}`)
        : undefined) ?? format(value, kinds[field])
    );
  };
  const what = (entry: HistoryEntryView) =>
    (entry.kind ? lookup(`admin.resources.history.kind.${entry.kind}`) : undefined) ?? entry.eventType;

  return (
    <WidePage>
      <p>
        <Link href={resourcePaths.show(type, id)}>{t('admin.resources.backToRecord')}</Link>
      </p>
      <h1>{heading}</h1>
      {state.status === 'failed' ? <LoadError message={errorText(state.error)} onRetry={retry} /> : null}
      {state.status === 'loading' ? <p aria-busy="true">{t('app.loading')}</p> : null}
      {state.status === 'ready' ? (
        <Timeline aria-label={t('admin.resources.history.entries')}>
          {state.value.map((entry) => {
            const headingId = `entry-${entry.revision}`;
            const when = intl.formatDate(new Date(entry.recordedAt), {
              dateStyle: 'long',
              timeStyle: 'medium',
            });
            return (
              <Entry key={entry.revision} aria-labelledby={headingId}>
                <h2 id={headingId}>
                  {what(entry)} — <time dateTime={entry.recordedAt}>{when}</time>
                </h2>
                <p>
                  {t('admin.resources.history.by', { name: who(entry.author) })}
                  {entry.actingAsOrganizationId
                    ? ` ${t('admin.resources.history.actingAs', {
                        name: relatedView('organizations', entry.actingAsOrganizationId, named).title,
                      })}`
                    : ''}
                  {entry.impersonator
                    ? ` ${t('admin.resources.history.impersonatedBy', { name: who(entry.impersonator) })}`
                    : ''}
                </p>
                {entry.changes.length ? (
                  <ul aria-label={t('admin.resources.history.changes')}>
                    {entry.changes.map((change) => (
                      <li key={change.field}>
                        <span className="field">{labels.field(change.field)}</span>:{' '}
                        <span className="before">
                          <VisuallyHidden>{t('admin.resources.history.before')} </VisuallyHidden>
                          {shown(change.field, change.before)}
                        </span>{' '}
                        <span aria-hidden="true">→</span>{' '}
                        <span className="after">
                          <VisuallyHidden>{t('admin.resources.history.after')} </VisuallyHidden>
                          {shown(change.field, change.after)}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>{t('admin.resources.history.noChange')}</p>
                )}
                <p>
                  <Link
                    href={resourcePaths.asItWas(type, id, entry.revision)}
                    aria-label={t('admin.resources.history.asItWas.label', { when })}
                  >
                    {t('admin.resources.history.asItWas')}
                  </Link>
                </p>
              </Entry>
            );
          })}
        </Timeline>
      ) : null}
    </WidePage>
  );
}
