import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSearch } from 'wouter';
import { ApiError } from '../../kit/api/errors.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoadedAt } from '../../kit/loading/use-loaded.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { Button } from '../../kit/ui/button.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { RichText } from '../../kit/rich-text/lazy.ts';
import { ReportDialog, TagChips } from '../community/index.ts';
import {
  ANONYMOUS,
  readForumCategories,
  readForumMessages,
  readForumSubject,
  threadMessages,
  type ForumCategory,
  type ForumMessage,
  type MessageNode,
} from './forum-api.ts';
import { Actions, LikeToggle, Meta, useForumT, useForumViewer, useSignInHref } from './forum-ui.tsx';
import { MessageForm } from './message-form.tsx';

const Detail = styled.article`
  overflow-wrap: anywhere;
  h2 {
    font-size: 1.375rem;
    margin: 2rem 0 0.75rem;
  }
`;

const Thread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  /* a reply stands under its message, indented by a line that shows the thread */
  & & {
    margin-top: 0.75rem;
    padding-left: clamp(0.5rem, 3vw, 1.5rem);
    border-left: 2px solid ${({ theme }) => theme.colors.border};
  }
  > li {
    min-width: 0;
  }
`;

const Message = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
    &:focus-visible {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 2px;
    }
  }
  time {
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const messageHeadingId = (id: string) => `forum-message-${id}`;

type Reported = { type: 'forum-subjects' | 'forum-subject-messages'; id: string; title: string };

/**
 * A subject at {path}/{id} (seed 001 §2): its title, author, category and tags, its like, and its messages as
 * threads (a reply nested in a list under the message it answers); a signed-in member replies to the subject or
 * to a message, likes and reports.
 */
export function SubjectPage({ basePath, subjectId }: { basePath: string; subjectId: string }) {
  const t = useForumT();
  const intl = useIntl();
  const api = useApi();
  const viewer = useForumViewer();
  const signInHref = useSignInHref();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Reported | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  // a subject just created is read at its write's position (create-subject.tsx)
  const position = new URLSearchParams(useSearch()).get('minPosition') ?? undefined;
  const { state, reload } = useLoadedAt(
    async ({ signal, minPosition }) => {
      const [subject, messages, categories] = await Promise.all([
        readForumSubject(api, subjectId, { signal, minPosition }),
        readForumMessages(api, subjectId, { signal, minPosition }),
        readForumCategories(api, signal).catch((): ForumCategory[] => []),
      ]);
      return { subject, messages, categories };
    },
    [api, subjectId],
    { keep: true, position },
  );
  const subject = state.status === 'ready' ? state.value.subject : null;
  usePageTitle(subject?.title ?? null);
  const threads = useMemo(
    () => (state.status === 'ready' ? threadMessages(state.value.messages) : []),
    [state],
  );
  // a message just written takes the focus once it is shown
  useEffect(() => {
    if (!focusId || state.status !== 'ready') return;
    const heading = document.getElementById(messageHeadingId(focusId));
    if (heading) {
      heading.focus();
      setFocusId(null);
    }
  }, [focusId, state]);

  const back = (
    <p>
      <Link href={basePath || '/'}>{t('forum.back')}</Link>
    </p>
  );
  if (state.status === 'loading') return <InlineLoader aria-label={t('forum.loading')} />;
  if (state.status === 'failed') {
    const missing = state.error instanceof ApiError && state.error.kind === 'not-found';
    return (
      <div>
        <h1>{missing ? t('forum.subject.notFound') : t('forum.failed')}</h1>
        {missing ? null : <Button onPress={() => reload()}>{t('forum.retry')}</Button>}
        {back}
      </div>
    );
  }
  const shown = state.value.subject;
  const category = state.value.categories.find((c) => c.id === shown.categoryId) ?? null;
  const listWith = (key: string, value: string) => `${basePath || '/'}?${key}=${encodeURIComponent(value)}`;
  const when = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const authorLabel = (name: string) => (name === ANONYMOUS ? t('forum.anonymous') : name);
  const written = (id: string, at: string | undefined) => {
    setReplyingTo(null);
    setFocusId(id);
    reload(at);
  };

  const renderMessage = (node: MessageNode) => {
    const m: ForumMessage = node.message;
    const date = when(m.createdAt);
    return (
      <li key={m.id}>
        <Message>
          <h3 id={messageHeadingId(m.id)} tabIndex={-1}>
            {authorLabel(m.authorName)}
            {date ? (
              <>
                {', '}
                <time dateTime={m.createdAt ?? undefined}>{date}</time>
              </>
            ) : null}
          </h3>
          <RichText html={m.content} ugc />
          <Actions>
            <LikeToggle
              type="forum-subject-messages"
              id={m.id}
              liked={m.likedByViewer}
              count={m.likesCount}
              label={t('forum.likes.likeMessage', { author: authorLabel(m.authorName) })}
            />
            {viewer.mayWriteMessage && replyingTo !== m.id ? (
              <Button
                variant="secondary"
                size="small"
                aria-label={t('forum.reply.toMessage', { author: authorLabel(m.authorName) })}
                onPress={() => setReplyingTo(m.id)}
              >
                {t('forum.reply.button')}
              </Button>
            ) : null}
            {viewer.mayReport ? (
              <Button
                variant="text"
                size="small"
                aria-label={t('forum.report.message', { author: authorLabel(m.authorName) })}
                onPress={() =>
                  setReporting({
                    type: 'forum-subject-messages',
                    id: m.id,
                    title: t('forum.report.messageTitle', { author: authorLabel(m.authorName) }),
                  })
                }
              >
                {t('forum.report.button')}
              </Button>
            ) : null}
          </Actions>
          {replyingTo === m.id ? (
            <MessageForm
              subjectId={shown.id}
              parentId={m.id}
              label={t('forum.reply.label', { author: authorLabel(m.authorName) })}
              submitLabel={t('forum.reply.send')}
              autoFocus
              onWritten={written}
              onCancel={() => {
                setReplyingTo(null);
                setFocusId(m.id);
              }}
            />
          ) : null}
        </Message>
        {node.replies.length > 0 ? (
          <Thread aria-label={t('forum.thread.replies', { author: authorLabel(m.authorName) })}>
            {node.replies.map(renderMessage)}
          </Thread>
        ) : null}
      </li>
    );
  };
  const started = when(shown.createdAt);

  return (
    <Detail>
      {back}
      <h1>{shown.title}</h1>
      <Meta>
        {started
          ? t('forum.subject.startedOn', { author: authorLabel(shown.authorName), date: started })
          : t('forum.subject.startedBy', { author: authorLabel(shown.authorName) })}
      </Meta>
      {category ? (
        <Meta>
          {t('forum.subject.categoryLabel')}{' '}
          <Link href={listWith('category', category.id)}>{category.name}</Link>
        </Meta>
      ) : null}
      <TagChips tags={shown.tags} label={t('forum.tags')} hrefOf={(tag) => listWith('tag', tag.id)} />
      <Actions>
        <LikeToggle
          type="forum-subjects"
          id={shown.id}
          liked={shown.likedByViewer}
          count={shown.likesCount}
          label={t('forum.likes.likeSubject')}
        />
        {viewer.mayReport ? (
          <Button
            variant="text"
            size="small"
            aria-label={t('forum.report.subject')}
            onPress={() =>
              setReporting({
                type: 'forum-subjects',
                id: shown.id,
                title: t('forum.report.subjectTitle', { title: shown.title }),
              })
            }
          >
            {t('forum.report.button')}
          </Button>
        ) : null}
      </Actions>

      <section aria-labelledby="forum-messages">
        <h2 id="forum-messages">{t('forum.thread.heading', { count: state.value.messages.length })}</h2>
        {threads.length > 0 ? (
          <Thread aria-labelledby="forum-messages">{threads.map(renderMessage)}</Thread>
        ) : (
          <p>{t('forum.thread.none')}</p>
        )}
      </section>

      <section aria-labelledby="forum-reply">
        <h2 id="forum-reply">{t('forum.reply.subjectHeading')}</h2>
        {viewer.mayWriteMessage ? (
          <MessageForm
            subjectId={shown.id}
            parentId={null}
            label={t('forum.reply.subjectLabel')}
            submitLabel={t('forum.reply.sendSubject')}
            onWritten={written}
          />
        ) : (
          <p>
            <Link href={signInHref}>{t('forum.signInToWrite')}</Link>
          </p>
        )}
      </section>
      {reporting ? (
        <ReportDialog
          record={{ type: reporting.type, id: reporting.id }}
          title={reporting.title}
          onClose={() => setReporting(null)}
        />
      ) : null}
    </Detail>
  );
}
