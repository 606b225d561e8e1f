import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ShowActionsProps } from '../../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../../kit/admin/resources/paths.ts';
import { recordTitle } from '../../../kit/admin/resources/record-actions.tsx';
import { ActionBar } from '../../../kit/admin/resources/resource-ui.tsx';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { ButtonLink } from '../../../kit/ui/link.tsx';
import { DecisionButtons } from './decision-buttons.tsx';
import { useDeskT } from './desk-ui.ts';
import { focusSoon, isPublicationRequestType, itemActions, pendingRequestOf } from './publication-facts.ts';
import { SubmitRequestDialog } from './request-dialogs.tsx';
import { publicationRequestsApi } from './requests-api.ts';

const PUBLICATION_REQUESTS = 'publication-requests';

/**
 * On a publication item's screen (an article, a blog post, an event, a repository item): its keepers request its
 * publication while it is unpublished; a pending request is shown with its dates and the way to it, and the
 * publishers decide it here too. What the viewer may do is the contracts' rule over the item's document.
 */
export function ItemPublication({ definition, record, viewer, reload, onError }: ShowActionsProps) {
  const t = useDeskT();
  const intl = useIntl();
  const api = useApi();
  const toast = useToast();
  const [submitting, setSubmitting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { type } = definition;
  if (!isPublicationRequestType(type)) return null;
  const item = { type, id: record.id };
  const itemTitle = recordTitle(definition, record);
  const actions = itemActions(record.attributes, viewer);
  const pending = pendingRequestOf(record.attributes);
  const publishedAt =
    typeof record.attributes.publishedAt === 'string' ? record.attributes.publishedAt : null;
  if (!pending && !publishedAt && !actions.includes('submit')) return null;
  const date = (instant: string) =>
    intl.formatDate(new Date(instant), { dateStyle: 'long', timeStyle: 'short' });
  const decisions = actions.filter((a): a is 'accept' | 'refuse' => a !== 'submit');

  const submit = async (attributes: { description: string; targetedPublishedAt: string | null }) => {
    onError(null);
    const answer = await publicationRequestsApi.submit(api, item, attributes);
    setSubmitting(false);
    toast(t('publications.desk.submitted', { title: itemTitle }), 'success');
    focusSoon(heading.current);
    reload(answer.meta?.position);
  };

  return (
    <section aria-labelledby="item-publication">
      <h2 id="item-publication" ref={heading} tabIndex={-1}>
        {t('publications.desk.item.heading')}
      </h2>
      {pending ? (
        <p>
          {pending.submittedAt
            ? t('publications.desk.pendingSince', { date: date(pending.submittedAt) })
            : t('publications.desk.pending')}{' '}
          {pending.targetedPublishedAt
            ? t('publications.desk.targeted', { date: date(pending.targetedPublishedAt) })
            : t('publications.desk.untargeted')}
        </p>
      ) : publishedAt ? (
        <p>{t('publications.desk.published', { date: date(publishedAt) })}</p>
      ) : (
        <p>{t('publications.desk.unpublished')}</p>
      )}
      <ActionBar>
        {pending ? (
          <ButtonLink variant="secondary" href={resourcePaths.show(PUBLICATION_REQUESTS, pending.id)}>
            {t('publications.desk.openRequest')}
          </ButtonLink>
        ) : null}
        {pending && decisions.length ? (
          <DecisionButtons
            item={item}
            itemTitle={itemTitle}
            requestId={pending.id}
            decisions={decisions}
            reload={reload}
            onError={onError}
            onDecided={() => focusSoon(heading.current)}
          />
        ) : null}
        {actions.includes('submit') ? (
          <Button onPress={() => setSubmitting(true)}>{t('publications.desk.submit')}</Button>
        ) : null}
      </ActionBar>
      {submitting ? (
        <SubmitRequestDialog itemTitle={itemTitle} onSubmit={submit} onClose={() => setSubmitting(false)} />
      ) : null}
    </section>
  );
}
