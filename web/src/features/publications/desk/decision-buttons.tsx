import { useState } from 'react';
import { useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { ReasonDialog } from '../../../kit/admin/reason-dialog.tsx';
import { useApi } from '../../../kit/api/api-context.tsx';
import { useToast } from '../../../kit/toast/toast-context.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import { useDeskT } from './desk-ui.ts';
import type { requestDecisions } from './publication-facts.ts';
import { PUBLICATION_TEXT_MAX_LENGTH } from './request-dialogs.tsx';
import { publicationRequestsApi, type ItemRef } from './requests-api.ts';

/**
 * A publisher's decision on a pending request: Accept at once, or Refuse with its reason in a dialog. Each is
 * announced by a toast and the screen reads again at the decision's position (its new status); a refused command
 * (409: decided meanwhile, 403, ...) is shown on the screen by `onError`.
 */
export function DecisionButtons({
  item,
  itemTitle,
  requestId,
  decisions,
  reload,
  onError,
  onDecided,
}: {
  item: ItemRef;
  itemTitle: string;
  requestId: string;
  decisions: ReturnType<typeof requestDecisions>;
  reload: (position?: string) => void;
  onError: (message: string | null) => void;
  /** after a decision, where the focus goes (the buttons leave the screen with the pending request) */
  onDecided: () => void;
}) {
  const t = useDeskT();
  const api = useApi();
  const toast = useToast();
  const errorText = useAdminErrorText();
  const [busy, setBusy] = useState(false);
  const [refusing, setRefusing] = useState(false);

  const accept = async () => {
    setBusy(true);
    onError(null);
    try {
      const answer = await publicationRequestsApi.accept(api, item, requestId);
      toast(t('publications.desk.accepted', { title: itemTitle }), 'success');
      onDecided();
      reload(answer.meta?.position);
    } catch (error) {
      onError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const refuse = async (refuseReason: string) => {
    onError(null);
    const answer = await publicationRequestsApi.refuse(api, item, requestId, refuseReason);
    setRefusing(false);
    toast(t('publications.desk.refused', { title: itemTitle }), 'success');
    onDecided();
    reload(answer.meta?.position);
  };

  return (
    <div className="actions">
      {decisions.includes('accept') ? (
        <Button isDisabled={busy} onPress={() => void accept()}>
          {t('publications.desk.accept')}
        </Button>
      ) : null}
      {decisions.includes('refuse') ? (
        <Button variant="danger" isDisabled={busy} onPress={() => setRefusing(true)}>
          {t('publications.desk.refuse')}
        </Button>
      ) : null}
      {refusing ? (
        <ReasonDialog
          title={t('publications.desk.refuse.title', { title: itemTitle })}
          label={t('publications.desk.refuse.reason')}
          description={t('publications.desk.refuse.reasonHelp')}
          attribute="refuseReason"
          maxLength={PUBLICATION_TEXT_MAX_LENGTH}
          requiredMessage={t('publications.desk.refuse.reasonRequired')}
          confirmLabel={t('publications.desk.refuse.confirm')}
          confirmVariant="danger"
          onConfirm={(reason) => refuse(reason ?? '')}
          onClose={() => setRefusing(false)}
        />
      ) : null}
    </div>
  );
}
