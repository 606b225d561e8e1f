import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useApi } from '../../kit/api/api-context.tsx';
import { useToast } from '../../kit/toast/toast-context.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useLoadedAt } from '../../kit/loading/use-loaded.ts';
import { Button } from '../../kit/ui/button.tsx';
import { ConfirmDialog } from '../../kit/ui/confirm-dialog.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { RichText } from '../../kit/rich-text/lazy.ts';
import {
  ANONYMOUS,
  deleteComment,
  htmlAsText,
  readComments,
  threadComments,
  type CommentNode,
  type RecordRef,
} from './community-api.ts';
import { CommentForm } from './comment-form.tsx';
import {
  CommunityActions,
  useCommunityProblemText,
  useCommunityT,
  useCommunityViewer,
  useSignInHref,
} from './community-ui.tsx';
import { ReportDialog } from './report-dialog.tsx';

const Thread = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
  /* a reply stands under its comment, indented by a line that shows the thread */
  & & {
    margin-top: 0.75rem;
    padding-left: clamp(0.5rem, 3vw, 1.5rem);
    border-left: 2px solid ${({ theme }) => theme.colors.border};
  }
  > li {
    min-width: 0;
  }
`;

const Comment = styled.div`
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;
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

const commentHeadingId = (id: string) => `comment-${id}`;

/**
 * The comments of a record of a commentable type (contracts/src/content/comment.ts), nested by the comment each
 * answers, with their authors ("anonymous" when the account is gone) and their rich text through the readers'
 * sanitiser. A signed-in member comments or replies while the server says comments are open on the record
 * (`canComment`); otherwise the section says they are closed, or asks a visitor to sign in.
 */
export function CommentsSection({
  record,
  canComment,
  open,
}: {
  record: RecordRef;
  /** the record's document's canComment: the server's answer whether this viewer may comment on it */
  canComment: boolean;
  /** comments open on the record by the commentable rule (a visitor is then asked to sign in) */
  open: boolean;
}) {
  const t = useCommunityT();
  const intl = useIntl();
  const api = useApi();
  const viewer = useCommunityViewer();
  const signInHref = useSignInHref();
  const headingId = useId();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [reporting, setReporting] = useState<{ id: string; author: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; author: string } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const toast = useToast();
  const problem = useCommunityProblemText();
  const [focusId, setFocusId] = useState<string | null>(null);
  const { state, reload } = useLoadedAt(
    ({ signal, minPosition }) => readComments(api, record, { signal, minPosition }),
    [api, record.type, record.id],
    { keep: true },
  );
  const threads = useMemo(() => (state.status === 'ready' ? threadComments(state.value) : []), [state]);
  // a comment just written takes the focus once it is shown
  useEffect(() => {
    if (!focusId || state.status !== 'ready') return;
    const heading = document.getElementById(commentHeadingId(focusId));
    if (heading) {
      heading.focus();
      setFocusId(null);
    }
  }, [focusId, state]);

  const mayWrite = viewer.mayComment && canComment;
  const authorLabel = (name: string) => (name === ANONYMOUS ? t('community.anonymous') : name);
  const when = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const written = (id: string, at: string | undefined) => {
    setReplyingTo(null);
    setEditing(null);
    setFocusId(id);
    reload(at);
  };
  const confirmDelete = async () => {
    if (!deleting || deleteBusy) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      const at = await deleteComment(api, deleting.id);
      setDeleting(null);
      toast(t('community.comments.deleted'), 'success');
      reload(at);
      document.getElementById(headingId)?.focus();
    } catch (error) {
      setDeleteError(problem(error));
    } finally {
      setDeleteBusy(false);
    }
  };

  const renderComment = (node: CommentNode) => {
    const c = node.comment;
    const author = authorLabel(c.authorName);
    const date = when(c.createdAt);
    return (
      <li key={c.id}>
        <Comment>
          <h3 id={commentHeadingId(c.id)} tabIndex={-1}>
            {author}
            {date ? (
              <>
                {', '}
                <time dateTime={c.createdAt ?? undefined}>{date}</time>
              </>
            ) : null}
          </h3>
          {editing === c.id ? (
            <CommentForm
              record={record}
              parentId={c.parentId}
              edit={{ id: c.id, text: htmlAsText(c.content) }}
              label={t('community.comments.editLabel', { author })}
              submitLabel={t('community.comments.save')}
              autoFocus
              onWritten={written}
              onCancel={() => {
                setEditing(null);
                setFocusId(c.id);
              }}
            />
          ) : (
            <RichText html={c.content} ugc />
          )}
          {(mayWrite && replyingTo !== c.id) || viewer.mayReport || c.canEdit || c.canDelete ? (
            <CommunityActions>
              {c.canEdit && editing !== c.id ? (
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('community.comments.editOf', { author })}
                  onPress={() => {
                    setReplyingTo(null);
                    setEditing(c.id);
                  }}
                >
                  {t('community.comments.edit')}
                </Button>
              ) : null}
              {c.canDelete ? (
                <Button
                  variant="text"
                  size="small"
                  aria-label={t('community.comments.deleteOf', { author })}
                  onPress={() => {
                    setDeleteError(null);
                    setDeleting({ id: c.id, author });
                  }}
                >
                  {t('community.comments.delete')}
                </Button>
              ) : null}
              {mayWrite && replyingTo !== c.id ? (
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={t('community.comments.replyTo', { author })}
                  onPress={() => setReplyingTo(c.id)}
                >
                  {t('community.comments.reply')}
                </Button>
              ) : null}
              {viewer.mayReport ? (
                <Button
                  variant="text"
                  size="small"
                  aria-label={t('community.report.comment', { author })}
                  onPress={() => setReporting({ id: c.id, author })}
                >
                  {t('community.report.button')}
                </Button>
              ) : null}
            </CommunityActions>
          ) : null}
          {mayWrite && replyingTo === c.id ? (
            <CommentForm
              record={record}
              parentId={c.id}
              label={t('community.comments.replyLabel', { author })}
              submitLabel={t('community.comments.sendReply')}
              autoFocus
              onWritten={written}
              onCancel={() => {
                setReplyingTo(null);
                setFocusId(c.id);
              }}
            />
          ) : null}
        </Comment>
        {node.replies.length > 0 ? (
          <Thread aria-label={t('community.comments.replies', { author })}>
            {node.replies.map(renderComment)}
          </Thread>
        ) : null}
      </li>
    );
  };

  const count = state.status === 'ready' ? state.value.length : null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {count === null ? t('community.comments.title') : t('community.comments.heading', { count })}
      </h2>
      {state.status === 'loading' ? (
        <InlineLoader aria-label={t('community.comments.loading')} />
      ) : state.status === 'failed' ? (
        <div>
          <p>{t('community.comments.failed')}</p>
          <Button onPress={() => reload()}>{t('community.comments.retry')}</Button>
        </div>
      ) : threads.length > 0 ? (
        <Thread aria-labelledby={headingId}>{threads.map(renderComment)}</Thread>
      ) : (
        <p>{t('community.comments.none')}</p>
      )}
      {mayWrite ? (
        <CommentForm
          record={record}
          parentId={null}
          label={t('community.comments.label')}
          submitLabel={t('community.comments.send')}
          onWritten={written}
        />
      ) : !viewer.signedIn && open ? (
        <p>
          <Link href={signInHref}>{t('community.comments.signIn')}</Link>
        </p>
      ) : (
        <p>{t('community.comments.closed')}</p>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('community.comments.deleteTitle', { author: deleting.author })}
          cancelLabel={t('community.cancel')}
          confirmLabel={t('community.comments.deleteConfirm')}
          pending={deleteBusy}
          error={deleteError}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        >
          <p>{t('community.comments.deleteWarning')}</p>
        </ConfirmDialog>
      ) : null}
      {reporting ? (
        <ReportDialog
          record={{ type: 'comments', id: reporting.id }}
          title={t('community.report.commentTitle', { author: reporting.author })}
          onClose={() => setReporting(null)}
        />
      ) : null}
    </section>
  );
}
