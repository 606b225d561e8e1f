import { allowedReportActions, type ReportResolution } from '@platform/contracts/content/report';
import { useRef, useState } from 'react';
import { ReasonDialog } from '../../../kit/admin/reason-dialog.tsx';
import type { ShowActionsProps } from '../../../kit/admin/resources/extensions.tsx';
import { resourcePaths } from '../../../kit/admin/resources/paths.ts';
import { includedRecord, relatedTitle } from '../../../kit/admin/resources/record-title.ts';
import { ActionBar } from '../../../kit/admin/resources/resource-ui.tsx';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { ButtonLink } from '../../../kit/ui/link.tsx';
import { useCommunityT } from '../community-ui.tsx';
import { moderationApi } from './moderation-api.ts';

/** The contracts' limit of a resolution's note (ReportResolveSchema). */
const NOTE_MAX_LENGTH = 2000;

/** The record a report names, from its document's polymorphic `reportable`. */
function reportedOf(record: ShowActionsProps['record']): { type: string; id: string } | null {
  const data = (
    record.relationships?.reportable as { data?: { type?: unknown; id?: unknown } | null } | undefined
  )?.data;
  return typeof data?.type === 'string' && typeof data.id === 'string'
    ? { type: data.type, id: data.id }
    : null;
}

/**
 * On a report's screen in the back office (the reports queue, issue 21): the way to the reported record and its
 * history, and, for the moderators while the report is unresolved, Dismiss (the record stays) and Remove (the
 * record is soft-deleted, which a restore undoes), each with an optional note kept in the report's history.
 */
export function ReportActions({ record, included, viewer, reload, onError }: ShowActionsProps) {
  const t = useCommunityT();
  const api = useApi();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const [resolving, setResolving] = useState<ReportResolution | null>(null);
  const reported = reportedOf(record);
  if (!reported) return null;
  const found = includedRecord(reported.type, reported.id, included);
  const title = relatedTitle(reported.type, reported.id, found?.attributes);
  const resolvedAt = (record.attributes.resolvedAt as string | null | undefined) ?? null;
  const actions = allowedReportActions({ resolvedAt }, viewer);

  const resolve = async (resolution: ReportResolution, note: string | null) => {
    onError(null);
    const answer = await moderationApi.resolve(api, record.id, resolution, note);
    setResolving(null);
    toast(
      t(resolution === 'removed' ? 'community.moderation.removed' : 'community.moderation.dismissed', {
        title,
      }),
      'success',
    );
    // the buttons leave the screen with the unresolved report: the focus goes to the section's heading
    requestAnimationFrame(() => heading.current?.focus());
    reload(answer.meta?.position);
  };

  return (
    <section aria-labelledby="report-moderation">
      <h2 id="report-moderation" ref={heading} tabIndex={-1}>
        {t('community.moderation.heading')}
      </h2>
      <ActionBar>
        <ButtonLink variant="secondary" href={resourcePaths.show(reported.type, reported.id)}>
          {t('community.moderation.openReported', { title })}
        </ButtonLink>
        <ButtonLink variant="secondary" href={resourcePaths.history(reported.type, reported.id)}>
          {t('community.moderation.reportedHistory', { title })}
        </ButtonLink>
        {actions.includes('dismissed') ? (
          <Button variant="secondary" onPress={() => setResolving('dismissed')}>
            {t('community.moderation.dismiss')}
          </Button>
        ) : null}
        {actions.includes('removed') ? (
          <Button variant="danger" onPress={() => setResolving('removed')}>
            {t('community.moderation.remove')}
          </Button>
        ) : null}
      </ActionBar>
      {resolving ? (
        <ReasonDialog
          title={t(
            resolving === 'removed'
              ? 'community.moderation.removeTitle'
              : 'community.moderation.dismissTitle',
            { title },
          )}
          explanation={t(
            resolving === 'removed'
              ? 'community.moderation.removeExplained'
              : 'community.moderation.dismissExplained',
          )}
          label={t('community.moderation.note')}
          description={t('community.moderation.noteHelp')}
          attribute="note"
          maxLength={NOTE_MAX_LENGTH}
          confirmLabel={t(
            resolving === 'removed'
              ? 'community.moderation.removeConfirm'
              : 'community.moderation.dismissConfirm',
          )}
          confirmVariant={resolving === 'removed' ? 'danger' : 'primary'}
          onConfirm={(note) => resolve(resolving, note)}
          onClose={() => setResolving(null)}
        />
      ) : null}
    </section>
  );
}
