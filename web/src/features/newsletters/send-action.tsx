import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { ShowActionsProps } from '../../kit/admin/resources/extensions.tsx';
import { useApi } from '../../kit/api/api-context.tsx';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { useNewslettersT } from './newsletters-ui.ts';
import {
  sendApi,
  type ProgressRequest,
  type SendAnswer,
  type SendingProgress,
  type SendRequest,
  type SubscriberCount,
} from './send-api.ts';
import { SendDialogActions, SendDialogBody } from './send-dialog.tsx';
import { newsletterSendMachine, POLL_EVERY_MS, stepOf } from './send.machine.ts';

export interface NewsletterSendActionProps extends Pick<ShowActionsProps, 'record' | 'reload'> {
  /** how often the progress is read (the machine's pollInterval); tests read at once */
  pollEvery?: number;
}

/**
 * "Send" on a newsletter's screen: a dialog that counts the subscribed contacts, asks, sends (POST
 * /services/newsletters/{id}/send), then follows the platform's job until the last letter went. The dialog renders
 * the machine's state (send.machine.ts); closing it gives the focus back to this button, and once a sending was
 * asked the screen reads the template again (its last sending).
 */
export function NewsletterSendAction({
  record,
  reload,
  pollEvery = POLL_EVERY_MS,
}: NewsletterSendActionProps) {
  const t = useNewslettersT();
  const api = useApi();
  // the screen's reload changes with each render of the screen; the machine is made once
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);
  const machine = useMemo(
    () =>
      newsletterSendMachine.provide({
        actors: {
          countSubscribers: fromPromise<SubscriberCount>(({ signal }) =>
            sendApi.countSubscribers(api, signal),
          ),
          sendNewsletter: fromPromise<SendAnswer, SendRequest>(({ input, signal }) =>
            sendApi.send(api, input, signal),
          ),
          readProgress: fromPromise<SendingProgress, ProgressRequest>(({ input, signal }) =>
            sendApi.progress(api, input, signal),
          ),
        },
        delays: { pollInterval: pollEvery },
        actions: { sendingLeft: ({ context }) => reloadRef.current(context.sending?.position) },
      }),
    [api, pollEvery],
  );
  const [snapshot, send] = useMachine(machine, { input: { templateId: record.id } });
  const step = stepOf(snapshot.value);
  const subject = typeof record.attributes.subject === 'string' ? record.attributes.subject : '';

  return (
    <>
      <Button variant="secondary" onPress={() => send({ type: 'user.open' })}>
        {t('newsletters.send.open')}
      </Button>
      <Dialog
        title={t('newsletters.send.title')}
        isOpen={step !== 'idle'}
        onOpenChange={(open) => (open ? undefined : send({ type: 'user.close' }))}
        actions={<SendDialogActions step={step} send={send} />}
      >
        <SendDialogBody step={step} context={snapshot.context} subject={subject} />
      </Dialog>
    </>
  );
}
