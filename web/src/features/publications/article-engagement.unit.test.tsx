import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { meDocument } from '../accounts/profile/testing.ts';
import { communityServer, type FakeComment } from '../community/testing.ts';
import { NAVIGATION, PAGINATED, publicationsServer, SIMPLE } from './testing.ts';

const FIRST = 'e1111111-1111-4111-8111-111111111111';
const ANSWER = 'e2222222-2222-4222-8222-222222222222';
const LATER = 'e3333333-3333-4333-8333-333333333333';

const comments = (): FakeComment[] => [
  {
    id: FIRST,
    on: `articles:${NAVIGATION}`,
    parent: null,
    content: '<p>Which device for <strong>a child</strong>?</p><script>alert(1)</script>',
    authorName: 'Speech therapist',
    createdAt: '2026-02-02T09:00:00.000Z',
  },
  {
    id: ANSWER,
    on: `articles:${NAVIGATION}`,
    parent: FIRST,
    content: '<p>See <a href="https://example.org/aac">this list</a>.</p>',
    authorName: 'anonymous',
    createdAt: '2026-02-02T10:00:00.000Z',
  },
  {
    id: LATER,
    on: `articles:${NAVIGATION}`,
    parent: null,
    content: '<p>Thanks for the guide.</p>',
    authorName: 'Parent',
    createdAt: '2026-02-03T09:00:00.000Z',
  },
];

function openArticle(
  id: string,
  { member = false, closed = [] as string[] }: { member?: boolean; closed?: string[] } = {},
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const publications = publicationsServer({ member });
  const community = communityServer({ comments: comments(), closed });
  const view = renderApp(`/articles/${id}`, {
    routes: {
      '/articles': pageAnswer('/articles', 'Articles', [{ name: 'articles', props: { title: 'Articles' } }]),
    },
    handlers: [publications.handler, community.handler],
    ...(member ? { me: meDocument() } : {}),
  });
  return { ...view, community };
}

const SLOW = { timeout: 25_000 };
type Sent = { data: { attributes: Record<string, unknown>; relationships: Record<string, unknown> } };

describe('an article’s likes, report and comments', () => {
  it('a visitor reads the count of likes and the comments as threads, and is asked to sign in', async () => {
    openArticle(NAVIGATION);
    await screen.findByRole('heading', { level: 1, name: 'A guide to speech devices' }, SLOW);
    expect(screen.getByText('3 likes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();

    const thread = await screen.findByRole('list', { name: '3 comments' });
    const tops = within(thread)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    // the reply stands under the comment it answers; a missing author is anonymous
    expect(tops[0]).toMatch(/^Speech therapist, /);
    const replies = screen.getByRole('list', { name: 'Replies to Speech therapist' });
    expect(within(replies).getByRole('heading', { level: 3 }).textContent).toMatch(/^anonymous, /);
    expect(within(replies).getByRole('link', { name: 'this list' }).getAttribute('rel')).toBe('ugc noopener');
    // the member's rich text through the sanitiser
    expect(within(thread).getByText('a child').tagName).toBe('STRONG');
    expect(document.querySelector('article script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to comment' }).getAttribute('href')).toBe(
      `/auth/sign-in?redirectUrl=${encodeURIComponent(`/articles/${NAVIGATION}`)}`,
    );
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  });

  it('a member likes and unlikes the article: the pressed state and the count change', async () => {
    const user = userEvent.setup();
    const { community } = openArticle(PAGINATED, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Choosing a switch' }, SLOW);
    const like = screen.getByRole('button', { name: 'Like “Choosing a switch”' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    const around = like.closest('span')!;
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(within(around).getByText('4 likes')).toBeTruthy();
    expect(community.writes('POST', /\/like$/).map((r) => r.url.pathname)).toEqual([
      `/api/v1/articles/${PAGINATED}/like`,
    ]);
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(within(around).getByText('3 likes')).toBeTruthy();
    expect(community.writes('DELETE', /\/like$/)).toHaveLength(1);
  });

  it('a member reports the article with a reason, and a comment, through a dialog', async () => {
    const user = userEvent.setup();
    const { community } = openArticle(NAVIGATION, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'A guide to speech devices' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Report “A guide to speech devices”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report “A guide to speech devices”' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Inappropriate content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((community.writes('POST', /^\/api\/v1\/reports$/)[0]!.body as Sent).data).toMatchObject({
      attributes: { reason: 'inappropriate', details: null },
      relationships: { reportable: { data: { type: 'articles', id: NAVIGATION } } },
    });
    expect(await screen.findByText('Thank you: the moderators will read your report.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Report the comment of anonymous' }));
    const second = await screen.findByRole('dialog', { name: 'Report the comment of anonymous' });
    await user.click(within(second).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(second).getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((community.writes('POST', /^\/api\/v1\/reports$/)[1]!.body as Sent).data.relationships).toEqual({
      reportable: { data: { type: 'comments', id: ANSWER } },
    });
  });

  it('a member comments and replies; each shows in its thread, read at the write’s position', async () => {
    const user = userEvent.setup();
    const { community } = openArticle(NAVIGATION, { member: true });
    await screen.findByRole('list', { name: '3 comments' }, SLOW);
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Very clear.\n\nThank you.');
    await user.click(screen.getByRole('button', { name: 'Send the comment' }));
    await screen.findByRole('list', { name: '4 comments' });
    const sent = community.writes('POST', /^\/api\/v1\/comments$/)[0]!.body as Sent;
    expect(sent.data).toMatchObject({
      attributes: { content: '<p>Very clear.</p><p>Thank you.</p>' },
      relationships: { commentable: { data: { type: 'articles', id: NAVIGATION } } },
    });
    expect(sent.data.relationships.parentComment).toBeUndefined();
    const reads = community.state.requests.filter((r) => r.method === 'GET');
    expect(reads.at(-1)!.url.searchParams.get('minPosition')).toBe('201');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Ada Lovelace, /));

    await user.click(screen.getByRole('button', { name: 'Reply to Parent' }));
    const reply = screen.getByRole('textbox', { name: 'Your reply to Parent' });
    await waitFor(() => expect(document.activeElement).toBe(reply));
    await user.type(reply, 'Same here.');
    await user.click(screen.getByRole('button', { name: 'Send the reply' }));
    const replies = await screen.findByRole('list', { name: 'Replies to Parent' });
    expect(within(replies).getByText('Same here.')).toBeTruthy();
    const answered = community.writes('POST', /^\/api\/v1\/comments$/)[1]!.body as Sent;
    expect(answered.data.relationships.parentComment).toEqual({ data: { type: 'comments', id: LATER } });
    expect(screen.queryByRole('textbox', { name: 'Your reply to Parent' })).toBeNull();
  });

  it('a member edits their own comment and deletes it after a confirmation; others’ comments offer neither', async () => {
    const user = userEvent.setup();
    const { community } = openArticle(NAVIGATION, { member: true });
    await screen.findByRole('list', { name: '3 comments' }, SLOW);
    expect(screen.queryByRole('button', { name: /^Edit the comment/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete the comment/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Your comment' }), 'Very clear.\n\nThank you.');
    await user.click(screen.getByRole('button', { name: 'Send the comment' }));
    await screen.findByRole('list', { name: '4 comments' });

    // the text comes back as typed, and the new one replaces it in the thread
    await user.click(await screen.findByRole('button', { name: 'Edit the comment of Ada Lovelace' }));
    const field = screen.getByRole('textbox', { name: 'Your comment, edited' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect((field as HTMLTextAreaElement).value).toBe('Very clear.\n\nThank you.');
    await user.clear(field);
    await user.type(field, 'Very clear, thanks.');
    await user.click(screen.getByRole('button', { name: 'Save the comment' }));
    expect(await screen.findByText('Very clear, thanks.')).toBeTruthy();
    const patch = community.writes('PATCH', /^\/api\/v1\/comments\/[^/]+$/)[0]!;
    expect((patch.body as Sent).data.attributes).toEqual({ content: '<p>Very clear, thanks.</p>' });
    expect(screen.queryByRole('textbox', { name: 'Your comment, edited' })).toBeNull();

    // deleting asks first; "Cancel" keeps it
    await user.click(screen.getByRole('button', { name: 'Delete the comment of Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the comment of Ada Lovelace?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(community.writes('POST', /soft-delete$/)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete the comment of Ada Lovelace' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it' }),
    );
    await screen.findByRole('list', { name: '3 comments' });
    expect(screen.queryByText('Very clear, thanks.')).toBeNull();
    expect(community.writes('POST', /soft-delete$/)).toHaveLength(1);
    const reads = community.state.requests.filter((r) => r.method === 'GET');
    expect(reads.at(-1)!.url.searchParams.get('minPosition')).toBe(community.state.next + 300 + '');
  });

  it('shows a refused comment on its field, and an empty one is not sent', async () => {
    const user = userEvent.setup();
    const { community } = openArticle(NAVIGATION, { member: true });
    await screen.findByRole('list', { name: '3 comments' }, SLOW);
    const field = screen.getByRole('textbox', { name: 'Your comment' });
    await user.click(screen.getByRole('button', { name: 'Send the comment' }));
    expect(await screen.findByText('Write your comment first.')).toBeTruthy();
    expect(community.writes('POST', /^\/api\/v1\/comments$/)).toHaveLength(0);
    await user.type(field, 'A forbidden word');
    await user.click(screen.getByRole('button', { name: 'Send the comment' }));
    expect(await screen.findByText('The content is refused')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLTextAreaElement).value).toBe('A forbidden word');
  });

  it('comments turned off on the article: its comments are read, with no form but a word why', async () => {
    openArticle(SIMPLE, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Eye gaze basics' }, SLOW);
    expect(await screen.findByText('Comments are closed here.')).toBeTruthy();
    expect(screen.getByText('No comments yet.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your comment' })).toBeNull();
  });

  it('a comment the server refuses because comments were turned off meanwhile shows why, the text kept', async () => {
    const user = userEvent.setup();
    openArticle(PAGINATED, { member: true, closed: [`articles:${PAGINATED}`] });
    await screen.findByRole('heading', { level: 1, name: 'Choosing a switch' }, SLOW);
    const field = await screen.findByRole('textbox', { name: 'Your comment' });
    await user.type(field, 'Useful.');
    await user.click(screen.getByRole('button', { name: 'Send the comment' }));
    const refusal = await screen.findByText('Comments are turned off here.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect((field as HTMLTextAreaElement).value).toBe('Useful.');
  });
});
