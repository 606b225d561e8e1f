import { eqlaatProjectStepResource, sortEqlaatStatuses } from '@platform/contracts/eqlaat/records';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LoadError, useAdminErrorText } from '../../kit/admin/admin-ui.tsx';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../kit/admin/resources/paths.ts';
import { isSoftDeleted } from '../../kit/admin/resources/record-actions.tsx';
import { ActionBar } from '../../kit/admin/resources/resource-ui.tsx';
import { may } from '../../kit/admin/resources/viewer.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { ButtonLink } from '../../kit/ui/link.tsx';
import { readStep } from './eqlaat-api.ts';
import { BadgeList, StatusBadge, useEqlaatT } from './eqlaat-ui.tsx';

/** The id of a project's latest step (its `latestStep`, kept from the steps' events), or null before any. */
function latestStepOf(record: ShowActionsProps['record']): string | null {
  const data = record.relationships?.latestStep?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

/**
 * On an eqlaat project's screen in the back office: its current status, the statuses of its latest step as badges
 * in the seed's display order and colours (each by its name), and the way to add a step to it.
 */
export function EqlaatProjectStatus({ record, viewer }: ShowActionsProps) {
  const t = useEqlaatT();
  const intl = useIntl();
  const api = useApi();
  const errorText = useAdminErrorText();
  const id = useId();
  const stepId = latestStepOf(record);
  const { state, retry } = useLoaded(
    (signal) => (stepId ? readStep(api, stepId, signal) : Promise.resolve(null)),
    [api, stepId],
  );
  const mayAddStep = !isSoftDeleted(record) && may(eqlaatProjectStepResource, 'create', viewer);

  let status: React.ReactNode;
  if (state.status === 'failed') status = <LoadError message={errorText(state.error)} onRetry={retry} />;
  else if (state.status === 'loading') status = <p aria-busy="true">{t('eqlaat.project.status.loading')}</p>;
  else if (!state.value) status = <p>{t('eqlaat.project.status.none')}</p>;
  else {
    const step = state.value;
    const statuses = sortEqlaatStatuses(step.statuses, (s) => s.id);
    status = (
      <>
        {statuses.length ? (
          <BadgeList aria-label={t('eqlaat.project.status.statuses')}>
            {statuses.map((s) => (
              <li key={s.id}>
                <StatusBadge id={s.id} name={s.name} />
              </li>
            ))}
          </BadgeList>
        ) : (
          <p>{t('eqlaat.project.status.noStatus')}</p>
        )}
        {step.at ? (
          <p>
            {t('eqlaat.project.status.since', {
              date: intl.formatDate(step.at, { dateStyle: 'long' }),
            })}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('eqlaat.project.status.heading')}</h2>
      {status}
      {mayAddStep ? (
        <ActionBar>
          {/* the step's form opens with this project chosen (the form's address preset) */}
          <ButtonLink
            variant="secondary"
            href={`${resourcePaths.create(eqlaatProjectStepResource.type)}?project=${encodeURIComponent(record.id)}`}
          >
            {t('eqlaat.project.addStep')}
          </ButtonLink>
        </ActionBar>
      ) : null}
    </section>
  );
}
