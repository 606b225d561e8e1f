import { rentalAllowedActions } from '@platform/contracts/rental/command-state';
import type { RentalCommandAction } from '@platform/contracts/rental/command';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams, useSearch } from 'wouter';
import { useApi } from '../../../kit/api/api-context.tsx';
import { uploadFile } from '../../../kit/api/files.ts';
import { ApiError } from '../../../kit/api/errors.ts';
import { serverMessageId } from '../../../kit/api/field-errors.ts';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { useLoadedAt } from '../../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../../kit/ui/confirm-dialog.tsx';
import { FileDrop, type ShownFile } from '../../../kit/ui/file-drop.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { NoticeBox } from '../../../kit/ui/notice-box.ts';
import { PageContainer } from '../../../kit/ui/page-container.tsx';
import { useRentalModels } from '../use-rental-models.ts';
import { readCommand, sendCommandAction, type CommandItem } from './commands-api.ts';
import {
  AlertList,
  AmountsTable,
  CommandDocuments,
  FlagList,
  modelName,
  StatusBadge,
  StepList,
  Table,
  useCommandsT,
  usePeriodText,
  useRefusedRead,
} from './commands-ui.tsx';
import { MEMBER_COMMANDS_PATH } from './paths.ts';

/** A refused action in the reader's words: the server's code translated when it can be, else its detail. */
export function useActionErrorText() {
  const t = useCommandsT();
  const lookup = useMessageLookup();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('rental.commands.actionFailed');
    const first = error.errors[0];
    if (error.kind === 'conflict' || error.kind === 'validation')
      return (
        (first?.code ? lookup(serverMessageId(first.code)) : undefined) ?? first?.detail ?? error.message
      );
    if (error.kind === 'forbidden') return t('rental.commands.forbidden');
    return t('rental.commands.actionFailed');
  };
}

/** The items of the command: its models and quantities (and, for the desk, the items set aside). */
export function ItemsTable({
  items,
  models,
  assigned,
}: {
  items: CommandItem[];
  models: Parameters<typeof modelName>[0];
  assigned?: (item: CommandItem) => React.ReactNode;
}) {
  const t = useCommandsT();
  return (
    <Table>
      <caption>{t('rental.commands.items')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('rental.commands.item.model')}</th>
          <th scope="col">{t('rental.commands.item.quantity')}</th>
          {assigned ? <th scope="col">{t('rental.commands.item.assigned')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <th scope="row">{modelName(models, item.modelId)}</th>
            <td>{item.quantity}</td>
            {assigned ? <td>{assigned(item)}</td> : null}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * The signed contract: a file dropped or chosen uploads with its progress, then is sent as the contract (by its
 * member, or by the rental desk for them: the same file field and action).
 */
export function ContractUpload({
  onSend,
  description,
}: {
  onSend: (fileId: string) => Promise<void>;
  description?: string;
}) {
  const t = useCommandsT();
  const api = useApi();
  const errorText = useActionErrorText();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [file, setFile] = useState<ShownFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const pick = (picked: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setError(null);
    setProgress({ name: picked.name, percent: 0 });
    uploadFile(api, picked, {
      families: ['doc', 'image'],
      // a signed contract is the member's and the desk's only: served through its command (never public)
      isPublic: false,
      signal: controller.signal,
      onProgress: (sent, total) =>
        total > 0 &&
        setProgress({ name: picked.name, percent: Math.min(100, Math.round((sent / total) * 100)) }),
    })
      .then((record) => {
        setFile({ name: record.attributes.name, previewUrl: null, width: null, height: null });
        return onSend(record.id);
      })
      .then(
        () => setProgress(null),
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setProgress(null);
          setFile(null);
          setError(errorText(failure));
        },
      );
  };

  return (
    <FileDrop
      label={t('rental.commands.contractField')}
      description={description ?? t('rental.commands.contractHelp')}
      {...(error ? { errorMessage: error } : {})}
      acceptedFileTypes={['application/pdf', 'image/*']}
      file={file}
      progress={progress}
      onPick={pick}
      onRemove={() => setFile(null)}
      texts={{
        drop: t('rental.commands.file.drop'),
        choose: t('rental.commands.file.choose'),
        remove: t('rental.commands.file.remove'),
        uploading: (name) => t('rental.commands.file.uploading', { name }),
        preview: (name) => t('rental.commands.file.preview', { name }),
        none: t('rental.commands.file.none'),
      }}
    />
  );
}

/**
 * /services/rentals/commands/{command} (issue 19): the member's command: its steps in order (icon, colour, status
 * in words, done date or waiting/pending text), items and amounts, and what the member may do now: upload the
 * signed contract while the contract step waits for it, and cancel while allowed (after a confirmation).
 */
export function MemberCommandScreen() {
  const t = useCommandsT();
  const intl = useIntl();
  const api = useApi();
  const period = usePeriodText();
  const errorText = useActionErrorText();
  const { command: id = '' } = useParams<{ command: string }>();
  // right after the checkout placed it, the page reads at the placing's position (?minPosition=)
  const placedAt = new URLSearchParams(useSearch()).get('minPosition') ?? undefined;
  const { state, reload } = useLoadedAt(
    ({ signal, minPosition }) => readCommand(api, id, { signal, ...(minPosition ? { minPosition } : {}) }),
    [api, id],
    { keep: true, ...(placedAt ? { position: placedAt } : {}) },
  );
  const command = state.status === 'ready' ? state.value : null;
  const models = useRentalModels(command ? command.items.map((i) => i.modelId) : []);
  const refused = useRefusedRead(state.status === 'failed' ? state.error : null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  usePageTitle(t('rental.commands.detailTitle'));

  const act = async (action: RentalCommandAction) => {
    const { position } = await sendCommandAction(api, id, action);
    reload(position);
  };

  if (state.status === 'loading' || refused)
    return (
      <PageContainer>
        <InlineLoader aria-label={t('rental.commands.loadingOne')} />
      </PageContainer>
    );
  if (!command)
    return (
      <PageContainer>
        <h1>{t('rental.commands.detailTitle')}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('rental.commands.loadFailed')}</p>
          <p>
            <Button variant="secondary" size="small" onPress={() => reload()}>
              {t('rental.commands.retry')}
            </Button>
          </p>
        </NoticeBox>
      </PageContainer>
    );

  const allowed = rentalAllowedActions(command.steps, 'member').actions;
  const canUpload = allowed.includes('uploadContract');
  const canCancel = allowed.includes('cancel');
  return (
    <PageContainer>
      <p>
        <Link href={MEMBER_COMMANDS_PATH}>{t('rental.commands.backToList')}</Link>
      </p>
      <h1>{t('rental.commands.detailTitle')}</h1>
      <p>
        {period(command)} · <StatusBadge command={command} />
      </p>
      <p>
        {t('rental.commands.createdAt', { date: intl.formatDate(command.createdAt, { dateStyle: 'long' }) })}
      </p>
      <FlagList command={command} />
      <AlertList alerts={command.alerts} />
      <div role="status">{said ? <NoticeBox $tone="success">{said}</NoticeBox> : null}</div>

      <h2>{t('rental.commands.now')}</h2>
      {!canUpload && !canCancel ? <p>{t('rental.commands.nothingNow')}</p> : null}
      {canUpload ? (
        <ContractUpload
          onSend={async (fileId) => {
            await act({ action: 'uploadContract', fileId });
            setSaid(t('rental.commands.contractSent'));
          }}
        />
      ) : null}
      {canCancel ? (
        <>
          {cancelError && !confirming ? (
            <NoticeBox $tone="error" role="alert">
              <p>{cancelError}</p>
            </NoticeBox>
          ) : null}
          <Button variant="danger" onPress={() => setConfirming(true)}>
            {t('rental.commands.cancel')}
          </Button>
        </>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={t('rental.commands.cancelTitle')}
        cancelLabel={t('rental.commands.keep')}
        confirmLabel={t('rental.commands.cancelConfirm')}
        pending={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setBusy(true);
          setCancelError(null);
          return act({ action: 'cancel' }).then(
            () => {
              setBusy(false);
              setConfirming(false);
              setSaid(t('rental.commands.cancelledNow'));
            },
            (failure: unknown) => {
              setBusy(false);
              setConfirming(false);
              setCancelError(errorText(failure));
            },
          );
        }}
      >
        <p>{t('rental.commands.cancelBody')}</p>
      </ConfirmDialog>

      <h2>{t('rental.commands.steps')}</h2>
      <StepList steps={command.steps} />
      <ItemsTable items={command.items} models={models.byId} />
      <AmountsTable command={command} models={models.byId} />
      <CommandDocuments commandId={command.id} signedContract={command.signedContractFileId !== null} />
    </PageContainer>
  );
}
