import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { ActionBar } from '../../kit/admin/resources/resource-ui.tsx';
import { NewsletterPreviewLink } from './preview-action.tsx';
import { maySend } from './send-api.ts';
import { NewsletterSendAction } from './send-action.tsx';

/**
 * A newsletter's own actions on its screen: its preview, for whoever reads it; its sending, for whoever may change
 * it when the platform has its contacts (maySend).
 */
export function NewsletterActions({ definition, record, viewer, reload }: ShowActionsProps) {
  return (
    <ActionBar>
      <NewsletterPreviewLink id={record.id} />
      {/* one sending flow per template: the screen may show another one without unmounting its actions */}
      {maySend(definition, record, viewer) ? (
        <NewsletterSendAction key={record.id} record={record} reload={reload} />
      ) : null}
    </ActionBar>
  );
}
