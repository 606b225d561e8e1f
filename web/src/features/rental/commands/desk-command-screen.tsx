import type { RentalCommandAction, RentalCommandActionName } from '@platform/contracts/rental/command';
import type { RentalStepType } from '@platform/contracts/rental/steps';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useApi } from '../../../kit/api/api-context.tsx';
import { serverMessageId } from '../../../kit/api/field-errors.ts';
import { useNamedRecords } from '../../../kit/admin/resources/named-records.ts';
import { relatedView } from '../../../kit/admin/resources/record-title.ts';
import {
  DataTable,
  LoadError,
  TableScroll,
  useAdminErrorText,
  WidePage,
} from '../../../kit/admin/admin-ui.tsx';
import { useMessageLookup } from '../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { Button } from '../../../kit/ui/button.tsx';
import { ComboBox } from '../../../kit/ui/combo-box.tsx';
import { Dialog } from '../../../kit/ui/dialog.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { NoticeBox } from '../../../kit/ui/notice-box.ts';
import { Select } from '../../../kit/ui/select.tsx';
import { TextField } from '../../../kit/ui/text-field.tsx';
import { useRentalModels } from '../use-rental-models.ts';
import { readFreeItems, type CommandItem, type FreeItem } from './commands-api.ts';
import {
  AlertList,
  AmountsTable,
  CommandDocuments,
  FlagList,
  StatusBadge,
  StepList,
  useCommandsT,
  usePeriodText,
  useRefusedRead,
  type CommandsMessages,
} from './commands-ui.tsx';
import { ContractUpload, ItemsTable } from './member-command-screen.tsx';
import {
  commandStage,
  deskActions,
  rentalCommandActors,
  rentalCommandMachine,
  type CommandProblem,
} from './rental-command.machine.ts';
import { DESK_COMMANDS_PATH } from './paths.ts';

/** The actions each step offers (item actions and the cancellation have their own places). */
const STEP_ACTIONS: Partial<Record<RentalStepType, RentalCommandActionName[]>> = {
  validation: ['validate'],
  contract: ['acceptContract', 'refuseContract'],
  payment: ['recordPayment'],
  preparation: ['prepare'],
  delivery: ['startDelivery', 'completeDelivery'],
  retrieval: ['startRetrieval', 'completeRetrieval'],
  return: ['recordReturn'],
  closure: ['close'],
};

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.5rem;
`;

const LineForm = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 0.5rem;
  > * {
    min-width: min(16rem, 100%);
  }
`;

/** A refusal in the desk's words: the code's translation when there is one, else the server's detail. */
function useProblemText() {
  const lookup = useMessageLookup();
  const t = useCommandsT();
  return (problem: CommandProblem) =>
    (problem.code ? lookup(serverMessageId(problem.code)) : undefined) ??
    (problem.kind === 'network' || problem.kind === 'timeout' || problem.kind === 'unexpected'
      ? t('rental.commands.actionFailed')
      : problem.detail);
}

/** An action that asks for a comment first (required for a refusal and an error, optional otherwise). */
interface Asking {
  title: string;
  required: boolean;
  build: (comment: string) => RentalCommandAction;
}

/**
 * /admin/rental/commands/{command} (issue 19): the rental desk's command page, driven by the rental command
 * lifecycle machine: the steps with the actions allowed now on each, the server's refusal on its step, the items
 * to assign or replace, the amounts, and the command's history (who did which step when).
 */
export function DeskCommandScreen() {
  const { command: id = '' } = useParams<{ command: string }>();
  // another command is another lifecycle: its machine starts afresh
  return <DeskCommand key={id} id={id} />;
}

function DeskCommand({ id }: { id: string }) {
  const t = useCommandsT();
  const intl = useIntl();
  const api = useApi();
  const period = usePeriodText();
  const errorText = useAdminErrorText();
  const problemText = useProblemText();
  const machine = useMemo(() => rentalCommandMachine.provide({ actors: rentalCommandActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine, { input: { commandId: id } });
  const { command, history, problem, done, loadError } = snapshot.context;
  const pending = snapshot.hasTag('pending');
  const refused = useRefusedRead(snapshot.matches('failed') ? loadError : null);
  const models = useRentalModels(command ? command.items.map((i) => i.modelId) : []);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [comment, setComment] = useState('');
  usePageTitle(t('rental.desk.commandTitle'));

  if (snapshot.matches('failed') && !refused)
    return (
      <WidePage>
        <h1>{t('rental.desk.commandTitle')}</h1>
        <LoadError message={errorText(loadError)} onRetry={() => send({ type: 'user.retry' })} />
      </WidePage>
    );
  if (!command || refused) return <InlineLoader aria-label={t('rental.commands.loadingOne')} />;

  const allowed = deskActions(command);
  const may = (name: RentalCommandActionName) => !pending && allowed.actions.includes(name);
  const act = (action: RentalCommandAction) => send({ type: 'user.act', action });
  const label = (name: RentalCommandActionName) => t(`rental.desk.action.${name}` as keyof CommandsMessages);
  const problemAt = (place: CommandProblem['place'], commandItemId: string | null = null) =>
    problem &&
    problem.place === place &&
    (commandItemId === null || problem.commandItemId === commandItemId) ? (
      <NoticeBox $tone="error" role="alert">
        <p>{problemText(problem)}</p>
      </NoticeBox>
    ) : null;
  const stage = commandStage(command);
  /** a refusal of the item itself, said on the line's item box */
  const itemProblem = (commandItemId: string) =>
    problem &&
    problem.place === 'items' &&
    problem.commandItemId === commandItemId &&
    problem.field === 'itemId'
      ? problemText(problem)
      : undefined;

  const stepControls = (stepType: RentalStepType) => {
    const buttons = (STEP_ACTIONS[stepType] ?? []).filter(may).map((name) => (
      <Button
        key={name}
        size="small"
        variant={name === 'refuseContract' ? 'secondary' : 'primary'}
        onPress={() =>
          name === 'refuseContract'
            ? setAsking({
                title: label(name),
                required: true,
                build: (text) => ({ action: 'refuseContract', comment: text }),
              })
            : act({ action: name } as RentalCommandAction)
        }
      >
        {label(name)}
      </Button>
    ));
    const failable = !pending && (allowed.failableSteps as readonly RentalStepType[]).includes(stepType);
    return (
      <>
        {problemAt(stepType)}
        {stepType === 'contract' && may('uploadContract') ? (
          <ContractUpload
            description={t('rental.desk.contractHelp')}
            onSend={async (fileId) => {
              act({ action: 'uploadContract', fileId });
            }}
          />
        ) : null}
        {buttons.length || failable ? (
          <Row>
            {buttons}
            {failable ? (
              <Button
                size="small"
                variant="text"
                onPress={() =>
                  setAsking({
                    title: t('rental.desk.failStepTitle', { step: t(`rental.commands.step.${stepType}`) }),
                    required: true,
                    build: (text) => ({
                      action: 'failStep',
                      stepType: stepType as Exclude<RentalStepType, 'cancellation'>,
                      comment: text,
                    }),
                  })
                }
              >
                {label('failStep')}
              </Button>
            ) : null}
          </Row>
        ) : null}
      </>
    );
  };

  return (
    <WidePage>
      <p>
        <Link href={DESK_COMMANDS_PATH}>{t('rental.desk.backToList')}</Link>
      </p>
      <h1>{t('rental.desk.commandTitle')}</h1>
      <p>
        {period(command)} · <StatusBadge command={command} />
      </p>
      <p>{t('rental.desk.stage', { step: t(`rental.desk.stageName.${stage}`) })}</p>
      <FlagList command={command} />
      <AlertList alerts={command.alerts} />
      <div role="status">
        {pending ? <InlineLoader aria-label={t('rental.desk.working')} /> : null}
        {done && !pending ? (
          <NoticeBox $tone="success">{t('rental.desk.done', { action: label(done) })}</NoticeBox>
        ) : null}
      </div>
      {problemAt('command')}
      {may('cancel') ? (
        <p>
          <Button
            variant="danger"
            onPress={() =>
              setAsking({
                title: t('rental.commands.cancelTitle'),
                required: false,
                build: (text) => ({ action: 'cancel', ...(text ? { comment: text } : {}) }),
              })
            }
          >
            {t('rental.commands.cancel')}
          </Button>
        </p>
      ) : null}

      <h2>{t('rental.commands.steps')}</h2>
      <StepList steps={command.steps} extra={(step) => stepControls(step.stepType)} />

      {/* with large text on a phone, the items' forms scroll in their own region, not the page */}
      <TableScroll aria-label={t('rental.commands.items')}>
        <ItemsTable
          items={command.items}
          models={models.byId}
          assigned={(item) => (
            <ItemControls
              commandId={id}
              item={item}
              position={snapshot.context.position}
              canAssign={may('assignItem') && item.itemIds.length < item.quantity}
              canReplace={may('replaceItem') && item.itemIds.length > 0}
              problem={itemProblem(item.id) ? null : problemAt('items', item.id)}
              fieldError={itemProblem(item.id)}
              onAct={act}
            />
          )}
        />
      </TableScroll>
      <AmountsTable command={command} models={models.byId} />
      <CommandDocuments commandId={command.id} signedContract={command.signedContractFileId !== null} />

      <h2 id="history">{t('rental.desk.history')}</h2>
      <TableScroll aria-labelledby="history">
        <DataTable aria-labelledby="history">
          <thead>
            <tr>
              <th scope="col">{t('rental.desk.when')}</th>
              <th scope="col">{t('rental.desk.who')}</th>
              <th scope="col">{t('rental.desk.what')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={entry.id}>
                <td>{intl.formatDate(entry.recordedAt, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                <td className="text">{entry.who ?? t('rental.desk.system')}</td>
                <td className="text">
                  {Object.hasOwn(intl.messages, `rental.desk.event.${entry.eventType}`)
                    ? t(`rental.desk.event.${entry.eventType}` as keyof CommandsMessages, {
                        step: entry.stepType
                          ? t(`rental.commands.step.${entry.stepType}` as keyof CommandsMessages)
                          : '',
                      })
                    : entry.eventType}
                  {entry.comment ? ` — ${entry.comment}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </TableScroll>

      <Dialog
        isOpen={asking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(null);
            setComment('');
          }
        }}
        title={asking?.title ?? ''}
      >
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (!asking || (asking.required && !comment.trim())) return;
            act(asking.build(comment.trim()));
            setAsking(null);
            setComment('');
          }}
        >
          <TextField
            label={t('rental.desk.comment')}
            multiline
            isRequired={asking?.required ?? false}
            value={comment}
            onChange={setComment}
            maxLength={5000}
            autoFocus
          />
          <Row>
            <Button type="submit">{t('rental.desk.confirm')}</Button>
            <Button
              variant="secondary"
              onPress={() => {
                setAsking(null);
                setComment('');
              }}
            >
              {t('rental.desk.back')}
            </Button>
          </Row>
        </Form>
      </Dialog>
    </WidePage>
  );
}

/**
 * A line's items set aside, and the form that assigns one or replaces one: a box listing the model's items free
 * over the command's period (stock id and condition), narrowed by typing, read again after each action. A refusal
 * on the item (taken meanwhile: 409 conflict.rental_item_taken) is said on the box.
 */
function ItemControls({
  commandId,
  item,
  position,
  canAssign,
  canReplace,
  problem,
  fieldError,
  onAct,
}: {
  commandId: string;
  item: CommandItem;
  position: string | undefined;
  canAssign: boolean;
  canReplace: boolean;
  problem: React.ReactNode;
  fieldError: string | undefined;
  onAct: (action: RentalCommandAction) => void;
}) {
  const t = useCommandsT();
  const api = useApi();
  const open = canAssign || canReplace;
  const [free, setFree] = useState<FreeItem[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [itemId, setItemId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [replaced, setReplaced] = useState<string | null>(item.itemIds[0] ?? null);
  const assignedKey = item.itemIds.join(',');
  // the items set aside by their stock ids, as the desk picks them (each item's own read, the rental admins' rule)
  const assignedRefs = useMemo(
    () => (assignedKey ? assignedKey.split(',').map((id) => ({ type: 'rental-items', id })) : []),
    [assignedKey],
  );
  const named = useNamedRecords(api, assignedRefs);
  const assignedView = (id: string) => relatedView('rental-items', id, named);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setFree(null);
    setLoadFailed(false);
    readFreeItems(api, commandId, item.modelId, {
      signal: controller.signal,
      ...(position ? { minPosition: position } : {}),
    }).then(setFree, () => {
      if (!controller.signal.aborted) setLoadFailed(true);
    });
    return () => controller.abort();
  }, [api, commandId, item.modelId, assignedKey, position, open]);

  const chosen = free?.find((i) => i.id === itemId) ?? null;
  const search = chosen && typed === chosen.stockId ? '' : typed.trim().toLowerCase();
  const options = (free ?? [])
    .filter((i) => !search || i.stockId.toLowerCase().includes(search))
    .map((i) => ({ id: i.id, label: i.stockId, detail: i.condition ?? t('rental.desk.noCondition') }));
  const submit = (mode: 'assign' | 'replace') => {
    if (!itemId) return;
    onAct(
      mode === 'assign'
        ? { action: 'assignItem', commandItemId: item.id, itemId }
        : {
            action: 'replaceItem',
            commandItemId: item.id,
            itemId,
            ...(replaced ? { replacedItemId: replaced } : {}),
          },
    );
    setItemId(null);
    setTyped('');
  };
  return (
    <>
      {item.itemIds.length ? (
        <ul>
          {item.itemIds.map((assigned) => {
            const view = assignedView(assigned);
            return (
              <li key={assigned} className="text">
                {view.link ? <Link href={view.link}>{view.title}</Link> : view.title}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>{t('rental.desk.noItem')}</p>
      )}
      {problem}
      {open ? (
        <LineForm
          onSubmit={(event) => {
            event.preventDefault();
            submit(canAssign ? 'assign' : 'replace');
          }}
        >
          <ComboBox
            label={t('rental.desk.itemId')}
            description={t('rental.desk.itemIdHelp')}
            options={options}
            openLabel={t('rental.desk.itemId')}
            emptyText={
              loadFailed
                ? t('rental.commands.actionFailed')
                : free === null
                  ? t('rental.desk.loadingItems')
                  : t('rental.desk.noFreeItem')
            }
            {...(fieldError ? { errorMessage: fieldError } : {})}
            inputValue={typed}
            onInputChange={(text) => {
              setTyped(text);
              if (chosen && text !== chosen.stockId) setItemId(null);
            }}
            selectedKey={itemId}
            onSelectionChange={(key) => {
              const id = key === null ? null : String(key);
              setItemId(id);
              const picked = free?.find((i) => i.id === id);
              if (picked) setTyped(picked.stockId);
            }}
            menuTrigger="focus"
          />
          {canReplace && item.itemIds.length > 1 ? (
            <Select
              label={t('rental.desk.replacedItem')}
              options={item.itemIds.map((i) => ({ id: i, label: assignedView(i).title }))}
              selectedKey={replaced}
              onSelectionChange={(key) => setReplaced(String(key))}
            />
          ) : null}
          <Row>
            {canAssign ? (
              <Button size="small" type="submit" isDisabled={!itemId}>
                {t('rental.desk.action.assignItem')}
              </Button>
            ) : null}
            {canReplace ? (
              <Button size="small" variant="secondary" isDisabled={!itemId} onPress={() => submit('replace')}>
                {t('rental.desk.action.replaceItem')}
              </Button>
            ) : null}
          </Row>
        </LineForm>
      ) : null}
    </>
  );
}
