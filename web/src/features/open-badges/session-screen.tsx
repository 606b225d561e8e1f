import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useParams, useSearch } from 'wouter';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ButtonLink, Link } from '../../kit/ui/link.tsx';
import { NoticeBox } from '../../kit/ui/notice-box.ts';
import { ActionRow, PageContainer } from '../../kit/ui/page-container.tsx';
import { ACCOUNT_BADGES_PATH, assertionPagePath } from './paths.ts';
import {
  currentModule,
  sessionActors,
  sessionMachine,
  sessionStage,
  type SessionProblem,
  type SessionStage,
} from './session.machine.ts';
import type { SessionView } from './sessions-api.ts';
import { useRefusedRead } from './start-screen.tsx';
import {
  ModuleList,
  ModulesProgress,
  Paragraphs,
  useActionErrorText,
  useDurationText,
  useOpenBadgesT,
} from './training-ui.tsx';

const Step = styled.section`
  margin: 0 0 1.5rem;
  h2:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** the award's call to action and the plain link beside it, on one line */
const AwardedLinks = styled(ActionRow)`
  align-items: center;
`;

const Content = styled.div`
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.375rem;
  margin: 0 0 1rem;
  overflow-wrap: anywhere;
`;

/**
 * /open-badge-trainings/{session} (issue 20, a verified e-mail needed): the member's training session, driven by
 * the session machine. A reload resumes at the server's stage; while the issuer's decision or the award is
 * awaited the page reads the session again by itself.
 */
export function TrainingSessionScreen() {
  const { session: id = '' } = useParams<{ session: string }>();
  const search = useSearch();
  const position = new URLSearchParams(search).get('minPosition') ?? undefined;
  // another session is another machine
  return <TrainingSession key={id} id={id} position={position} />;
}

/** The step's heading: the stage, and within a running session the module's position and title. */
function useStepTitle() {
  const t = useOpenBadgesT();
  return (stage: SessionStage, session: SessionView) => {
    const module = currentModule(session);
    if ((stage === 'toStart' || stage === 'reading') && module)
      return t('openBadges.session.moduleTitle', { position: module.position, title: module.title });
    return t(`openBadges.session.stage.${stage}`);
  };
}

function TrainingSession({ id, position }: { id: string; position: string | undefined }) {
  const t = useOpenBadgesT();
  const api = useApi();
  const machine = useMemo(() => sessionMachine.provide({ actors: sessionActors(api) }), [api]);
  const [snapshot, send] = useMachine(machine, { input: { sessionId: id, position } });
  const { session, problem, done, loadError } = snapshot.context;
  const pending = snapshot.hasTag('pending');
  const failed = snapshot.matches('failed');
  const refusedRead = useRefusedRead(failed ? loadError : null);
  const stepTitle = useStepTitle();
  const stage = session && !failed ? sessionStage(session) : null;
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  usePageTitle(session ? t('openBadges.session.title', { badge: session.badgeTitle ?? '' }) : null);

  // a new step (the issuer decided, a module opened, the award came) takes the focus to its heading and is said
  const stepKey = stage && session ? `${stage}:${session.currentPosition ?? ''}` : null;
  useEffect(() => {
    if (!stepKey || !stage || !session || pending) return;
    const first = shown.current === null;
    if (shown.current === stepKey) return;
    shown.current = stepKey;
    if (first) return;
    heading.current?.focus();
    setAnnouncement(stepTitle(stage, session));
    // the step's key names what changed; the session read with it is the one shown
  }, [stepKey, pending]);

  if (failed && !refusedRead)
    return (
      <PageContainer>
        <h1>{t('openBadges.session.titleAlone')}</h1>
        <NoticeBox $tone="error" role="alert">
          <p>{t('openBadges.session.loadFailed')}</p>
        </NoticeBox>
        <Button variant="secondary" onPress={() => send({ type: 'user.retry' })}>
          {t('openBadges.retry')}
        </Button>
      </PageContainer>
    );
  if (!session || !stage) return <InlineLoader aria-label={t('openBadges.session.loading')} />;

  return (
    <PageContainer>
      <h1>{t('openBadges.session.title', { badge: session.badgeTitle ?? '' })}</h1>
      <p>{t('openBadges.issuer', { issuer: session.issuerName ?? '' })}</p>
      <ModulesProgress session={session} />
      <ModuleList
        modules={session.modules}
        currentPosition={session.currentPosition}
        label={t('openBadges.modules')}
      />
      <Step aria-labelledby="training-step">
        <h2 id="training-step" ref={heading} tabIndex={-1}>
          {stepTitle(stage, session)}
        </h2>
        {problem ? (
          <ProblemNotice problem={problem} onDismiss={() => send({ type: 'user.dismiss' })} />
        ) : null}
        <StepBody
          stage={stage}
          session={session}
          pending={pending}
          onStart={() => send({ type: 'user.start' })}
          onFinish={() => send({ type: 'user.finish' })}
        />
      </Step>
      <div role="status">
        {pending ? <InlineLoader aria-label={t('openBadges.session.working')} /> : null}
        {!pending && done ? <p>{t(`openBadges.session.done.${done}`)}</p> : null}
        {!pending && announcement ? <p>{announcement}</p> : null}
      </div>
    </PageContainer>
  );
}

/** A refusal on the step; after a conflict, the session was read again: what it is now is said with it. */
function ProblemNotice({ problem, onDismiss }: { problem: SessionProblem; onDismiss: () => void }) {
  const t = useOpenBadgesT();
  const errorText = useActionErrorText();
  return (
    <NoticeBox $tone="error" role="alert">
      <p>{errorText(problem)}</p>
      {problem.kind === 'conflict' ? <p>{t('openBadges.session.changed')}</p> : null}
      <p>
        <Button size="small" variant="text" onPress={onDismiss}>
          {t('openBadges.dismiss')}
        </Button>
      </p>
    </NoticeBox>
  );
}

function StepBody({
  stage,
  session,
  pending,
  onStart,
  onFinish,
}: {
  stage: SessionStage;
  session: SessionView;
  pending: boolean;
  onStart: () => void;
  onFinish: () => void;
}) {
  const t = useOpenBadgesT();
  const duration = useDurationText();
  const module = currentModule(session);
  const may = (name: 'start-module' | 'finish-module') => !pending && session.allowedActions.includes(name);
  const issuer = session.issuerName ?? '';
  switch (stage) {
    case 'requested':
      return <p>{t('openBadges.session.requested', { issuer })}</p>;
    case 'refused':
      return (
        <>
          <p>{t('openBadges.session.refused', { issuer })}</p>
          {session.refusedReason ? (
            <blockquote>
              <Paragraphs text={session.refusedReason} />
            </blockquote>
          ) : null}
        </>
      );
    case 'accepted':
    case 'toStart':
      return (
        <>
          <p>
            {stage === 'accepted'
              ? t('openBadges.session.accepted', { issuer })
              : t('openBadges.session.toStart')}
          </p>
          {module && may('start-module') ? (
            <ActionRow>
              <Button onPress={onStart}>
                {t('openBadges.session.start', { position: module.position })}
              </Button>
            </ActionRow>
          ) : null}
        </>
      );
    case 'reading':
      return (
        <>
          {module ? (
            <Content>
              <Paragraphs text={module.content ?? ''} />
            </Content>
          ) : null}
          {module && may('finish-module') ? (
            <ActionRow>
              <Button onPress={onFinish}>
                {t('openBadges.session.finish', { position: module.position })}
              </Button>
            </ActionRow>
          ) : null}
        </>
      );
    case 'finished':
      return (
        <>
          <p>{t('openBadges.session.finished', { issuer })}</p>
          {session.durationSeconds !== null ? (
            <p>{t('openBadges.session.duration', { duration: duration(session.durationSeconds) })}</p>
          ) : null}
        </>
      );
    case 'awarded':
      return (
        <>
          <p>{t('openBadges.session.awarded', { issuer, badge: session.badgeTitle ?? '' })}</p>
          <AwardedLinks>
            {session.assertionId ? (
              <ButtonLink href={assertionPagePath(session.assertionId)}>
                {t('openBadges.session.assertionLink')}
              </ButtonLink>
            ) : null}
            <Link href={ACCOUNT_BADGES_PATH}>{t('openBadges.session.myBadges')}</Link>
          </AwardedLinks>
        </>
      );
    default: {
      const unknown: never = stage;
      return unknown;
    }
  }
}
