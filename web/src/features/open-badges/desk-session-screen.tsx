import { useState } from 'react';
import { Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useParams } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { ApiError } from '../../kit/api/errors.ts';
import { LoadError, useAdminErrorText, WidePage } from '../../kit/admin/admin-ui.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoadedAt } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Dialog } from '../../kit/ui/dialog.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { TextField } from '../../kit/ui/text-field.tsx';
import { DESK_SESSIONS_PATH } from './paths.ts';
import {
  issueAssertion,
  readSession,
  sendSessionAction,
  type SessionAction,
  type SessionView,
} from './sessions-api.ts';
import { useRefusedRead } from './start-screen.tsx';
import {
  Paragraphs,
  useActionErrorText,
  useDurationText,
  useOpenBadgesT,
  useStatusText,
} from './training-ui.tsx';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.5rem 0 1.5rem;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
  gap: 0.25rem 1rem;
  margin: 0 0 1.5rem;
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  @media (max-width: 30rem) {
    grid-template-columns: minmax(0, 1fr);
    dd {
      margin-bottom: 0.5rem;
    }
  }
`;

const IssueForm = styled(Form)`
  max-width: 40rem;
`;

type DeskDone = 'accept' | 'refuse' | 'issue-assertion';

/**
 * /admin/open-badges/sessions/{session} (issue 20): the issuer's page of a training session. What it offers is
 * what the session document allows this viewer now (allowedActions): accept, refuse with a reason, issue the
 * assertion (the recipient's name prefilled with the member's, and the evidence). After each write the session is
 * read again at the write's position; a refusal is shown with the server's words, a conflict reads it again.
 */
export function DeskSessionScreen() {
  const { session: id = '' } = useParams<{ session: string }>();
  return <DeskSession key={id} id={id} />;
}

function DeskSession({ id }: { id: string }) {
  const t = useOpenBadgesT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const actionErrorText = useActionErrorText();
  const { state, reload } = useLoadedAt(
    ({ signal, minPosition }) => readSession(api, id, { signal, minPosition }),
    [api, id],
    { keep: true },
  );
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState<DeskDone | null>(null);
  const [problem, setProblem] = useState<{ text: string; conflict: boolean } | null>(null);
  const [refusing, setRefusing] = useState(false);
  usePageTitle(t('openBadges.desk.sessionTitle'));
  const refusedRead = useRefusedRead(state.status === 'failed' ? state.error : null);

  if (state.status === 'failed' && !refusedRead)
    return (
      <WidePage>
        <h1>{t('openBadges.desk.sessionTitle')}</h1>
        <LoadError message={errorText(state.error)} onRetry={() => reload()} />
      </WidePage>
    );
  if (state.status !== 'ready') return <InlineLoader aria-label={t('openBadges.desk.loadingOne')} />;
  const session = state.value;

  const run = (name: DeskDone, write: () => Promise<{ position: string | undefined }>) => {
    setWorking(true);
    setDone(null);
    setProblem(null);
    write().then(
      ({ position }) => {
        setWorking(false);
        setDone(name);
        reload(position);
      },
      (error: unknown) => {
        setWorking(false);
        const conflict = error instanceof ApiError && error.kind === 'conflict';
        setProblem({ text: actionErrorText(error), conflict });
        // the session moved meanwhile: read it again, so that what it offers now is shown
        if (conflict) reload();
      },
    );
  };
  const act = (action: SessionAction) =>
    run(action.action as DeskDone, () => sendSessionAction(api, id, action));
  const may = (name: SessionView['allowedActions'][number]) =>
    !working && session.allowedActions.includes(name);

  return (
    <WidePage>
      <p>
        <Link href={DESK_SESSIONS_PATH}>{t('openBadges.desk.backToList')}</Link>
      </p>
      <h1>{t('openBadges.desk.sessionTitle')}</h1>
      <SessionFacts session={session} />
      <div role="status">
        {working ? <InlineLoader aria-label={t('openBadges.desk.working')} /> : null}
        {!working && done ? (
          <NoticeBox $tone="success">
            <p>{t(`openBadges.desk.done.${done}`)}</p>
          </NoticeBox>
        ) : null}
      </div>
      {problem ? (
        <NoticeBox $tone="error" role="alert">
          <p>{problem.text}</p>
          {problem.conflict ? <p>{t('openBadges.session.changed')}</p> : null}
        </NoticeBox>
      ) : null}
      {may('accept') || may('refuse') ? (
        <Row>
          {may('accept') ? (
            <Button onPress={() => act({ action: 'accept' })}>{t('openBadges.desk.accept')}</Button>
          ) : null}
          {may('refuse') ? (
            <Button variant="secondary" onPress={() => setRefusing(true)}>
              {t('openBadges.desk.refuse')}
            </Button>
          ) : null}
        </Row>
      ) : null}
      {session.allowedActions.includes('issue-assertion') ? (
        <IssueAssertion
          key={session.memberName ?? ''}
          session={session}
          disabled={working}
          onIssue={(input) =>
            run('issue-assertion', () =>
              issueAssertion(api, id, input).then(({ position }) => ({ position })),
            )
          }
        />
      ) : null}
      <RefuseDialog
        isOpen={refusing}
        onClose={() => setRefusing(false)}
        onRefuse={(reason) => {
          setRefusing(false);
          act({ action: 'refuse', reason });
        }}
      />
    </WidePage>
  );
}

function SessionFacts({ session }: { session: SessionView }) {
  const t = useOpenBadgesT();
  const intl = useIntl();
  const statusText = useStatusText();
  const duration = useDurationText();
  const date = (at: string | null) =>
    at ? intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const facts: Array<[string, React.ReactNode]> = [
    [t('openBadges.desk.member'), session.memberName],
    [t('openBadges.desk.badge'), session.badgeTitle],
    [t('openBadges.desk.issuer'), session.issuerName],
    [t('openBadges.desk.statusLabel'), statusText(session.status)],
    [t('openBadges.desk.requestedAt'), date(session.requestedAt)],
    [t('openBadges.desk.acceptedAt'), date(session.acceptedAt)],
    [t('openBadges.desk.refusedAt'), date(session.refusedAt)],
    [
      t('openBadges.desk.refusedReason'),
      session.refusedReason ? <Paragraphs text={session.refusedReason} /> : null,
    ],
    [t('openBadges.desk.startedAt'), date(session.startedAt)],
    [t('openBadges.desk.finishedAt'), date(session.finishedAt)],
    [
      t('openBadges.desk.duration'),
      session.durationSeconds !== null ? duration(session.durationSeconds) : null,
    ],
  ];
  return (
    <>
      <Facts aria-label={t('openBadges.desk.facts')}>
        {facts
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </Facts>
      <h2 id="desk-modules">{t('openBadges.modules')}</h2>
      <ol aria-labelledby="desk-modules">
        {session.modules.map((m) => (
          <li key={m.position} style={{ overflowWrap: 'anywhere' }}>
            {m.title} —{' '}
            {m.startedAt
              ? [
                  t('openBadges.desk.moduleStarted', { date: date(m.startedAt) }),
                  m.finishedAt ? t('openBadges.desk.moduleFinished', { date: date(m.finishedAt) }) : null,
                ]
                  .filter(Boolean)
                  .join(', ')
              : t('openBadges.desk.moduleNotStarted')}
          </li>
        ))}
      </ol>
    </>
  );
}

/** The assertion's form: the recipient's name (the member's, prefilled) and the evidence (optional). */
function IssueAssertion({
  session,
  disabled,
  onIssue,
}: {
  session: SessionView;
  disabled: boolean;
  onIssue: (input: { recipientName: string; evidence?: string }) => void;
}) {
  const t = useOpenBadgesT();
  const [recipientName, setRecipientName] = useState(session.memberName ?? '');
  const [evidence, setEvidence] = useState('');
  return (
    <section aria-labelledby="issue-title">
      <h2 id="issue-title">{t('openBadges.desk.issueTitle')}</h2>
      <IssueForm
        onSubmit={(event) => {
          event.preventDefault();
          const name = recipientName.trim();
          if (!name) return;
          onIssue({ recipientName: name, ...(evidence.trim() ? { evidence: evidence.trim() } : {}) });
        }}
      >
        <TextField
          label={t('openBadges.desk.recipientName')}
          isRequired
          maxLength={255}
          value={recipientName}
          onChange={setRecipientName}
        />
        <TextField
          label={t('openBadges.desk.evidence')}
          description={t('openBadges.desk.evidenceHelp')}
          multiline
          maxLength={5000}
          value={evidence}
          onChange={setEvidence}
        />
        <Button type="submit" isDisabled={disabled}>
          {t('openBadges.desk.issue')}
        </Button>
      </IssueForm>
    </section>
  );
}

/** The refusal's reason, required: nothing is sent without one. */
function RefuseDialog({
  isOpen,
  onClose,
  onRefuse,
}: {
  isOpen: boolean;
  onClose: () => void;
  onRefuse: (reason: string) => void;
}) {
  const t = useOpenBadgesT();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const close = () => {
    setReason('');
    setMissing(false);
    onClose();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('openBadges.desk.refuseTitle')}
    >
      <Form
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          if (!text) {
            setMissing(true);
            return;
          }
          setReason('');
          setMissing(false);
          onRefuse(text);
        }}
      >
        <TextField
          label={t('openBadges.desk.reason')}
          description={t('openBadges.desk.reasonHelp')}
          multiline
          isRequired
          maxLength={5000}
          value={reason}
          onChange={(value) => {
            setReason(value);
            if (value.trim()) setMissing(false);
          }}
          {...(missing ? { errorMessage: t('openBadges.desk.reasonRequired') } : {})}
          autoFocus
        />
        <Row>
          <Button type="submit">{t('openBadges.desk.confirm')}</Button>
          <Button variant="secondary" onPress={close}>
            {t('openBadges.desk.back')}
          </Button>
        </Row>
      </Form>
    </Dialog>
  );
}
