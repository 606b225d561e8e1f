import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { meDocument } from '../accounts/profile/testing.ts';
import { textAsHtml, threadMessages, type ForumMessage } from './forum-api.ts';
import {
  ADMINS_ONLY,
  ANSWER,
  ASIDE,
  CHARTER,
  forumServer,
  GRIPS,
  HELP,
  PRINTING,
  QUESTION,
  TAG_SWITCHES,
} from './testing.ts';

const page = (props: Record<string, unknown> = { title: 'Community forum' }) =>
  pageAnswer('/forum', 'Forum', [{ name: 'forum', props }]);

function openForum(
  path = '/forum',
  { member = false, countedTo }: { member?: boolean; countedTo?: number } = {},
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = forumServer({ countedTo });
  const view = renderApp(path, {
    routes: { '/forum': page() },
    handlers: [server.handler],
    ...(member ? { me: meDocument() } : {}),
  });
  return { ...view, server };
}

const SLOW = { timeout: 25_000 };

describe('the forum CMS component: the list', () => {
  it('lists the categories and the subjects, pinned on home first, with counts, latest message and tags', async () => {
    const { server } = openForum();
    const list = await screen.findByRole('list', { name: 'Forum subjects' }, SLOW);
    expect(screen.getByRole('heading', { level: 2, name: 'Community forum' })).toBeTruthy();
    expect(server.lists('/api/v1/forum-subjects').at(-1)!.get('sort')).toBe('-pinnedOnHomeAt,-updatedAt');
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles[0]).toBe('Read me first');
    const first = within(list).getByRole('link', { name: 'Read me first' }).closest('li')!;
    expect(within(first).getByText('Pinned')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Read me first' }).getAttribute('href')).toBe(
      `/forum/${CHARTER}`,
    );
    const grips = within(list).getByRole('link', { name: 'Which filament for grips?' }).closest('li')!;
    expect(within(grips).getByText('4 messages, 1 like')).toBeTruthy();
    expect(within(grips).getByText(/^Latest message by Occupational therapist on /)).toBeTruthy();
    expect(
      within(within(grips).getByRole('list', { name: 'Tags of Which filament for grips?' }))
        .getByRole('link', { name: 'Switches' })
        .getAttribute('href'),
    ).toBe(`/forum?tag=${TAG_SWITCHES}`);
    expect(screen.getByText('3 subjects.').getAttribute('role')).toBe('status');
    // a subject whose author's account is gone names them anonymous
    const limited = within(list).getByRole('link', { name: 'Announcements' }).closest('li')!;
    expect(within(limited).queryByText(/Latest message/)).toBeNull();

    const categories = await screen.findByRole('navigation', { name: 'Forum categories' });
    expect(within(categories).getByRole('link', { name: 'All subjects' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // a parent category groups its children: its name, then theirs as links
    expect(within(categories).queryByRole('link', { name: /^Making/ })).toBeNull();
    expect(within(categories).getByText('Making')).toBeTruthy();
    expect(within(categories).getByRole('link', { name: '3D printing (1)' }).getAttribute('href')).toBe(
      `/forum?category=${PRINTING}`,
    );
    // a visitor is asked to sign in to write
    expect(screen.getByRole('link', { name: 'Sign in to write in the forum' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirectUrl=%2Fforum',
    );
    expect(screen.queryByRole('link', { name: 'Open a new subject' })).toBeNull();
  });

  it('says "more than" a list that counted no further, and its pager goes on past the last counted page', async () => {
    openForum('/forum', { countedTo: 40 });
    await screen.findByRole('list', { name: 'Forum subjects' }, SLOW);
    expect(screen.getByText('More than 40 subjects.').getAttribute('role')).toBe('status');
    const pager = screen.getByRole('navigation', { name: 'Pages of the forum' });
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/forum?page=2');
    expect(within(pager).getByRole('link', { name: 'More pages' }).getAttribute('href')).toBe(
      '/forum?page=3',
    );
  });

  it('filters by a category, with its pinned subjects first, and by a tag', async () => {
    const user = userEvent.setup();
    const { server, location } = openForum();
    const categories = await screen.findByRole('navigation', { name: 'Forum categories' }, SLOW);
    await user.click(within(categories).getByRole('link', { name: 'Help (2)' }));
    await waitFor(() =>
      expect(server.lists('/api/v1/forum-subjects').at(-1)!.get('filter[category]')).toBe(HELP),
    );
    expect(server.lists('/api/v1/forum-subjects').at(-1)!.get('sort')).toBe('-pinnedOnCategoryAt,-updatedAt');
    expect(location.history?.at(-1)).toBe(`/forum?category=${HELP}`);
    expect(await screen.findByText('2 subjects in Help.')).toBeTruthy();
    expect(within(categories).getByRole('link', { name: 'Help (2)' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // on a category, the home page's pin does not count
    expect(screen.queryByText('Pinned')).toBeNull();
  });

  it('sends the tag filter from the URL and offers to clear it', async () => {
    const { server } = openForum(`/forum?tag=${TAG_SWITCHES}`);
    await screen.findByRole('list', { name: 'Forum subjects' }, SLOW);
    expect(server.lists('/api/v1/forum-subjects').at(-1)!.get('filter[tags]')).toBe(TAG_SWITCHES);
    expect(screen.getByText('1 subject.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the subjects of every tag' }).getAttribute('href')).toBe(
      '/forum',
    );
  });

  it('offers a signed-in member to open a subject', async () => {
    openForum('/forum', { member: true });
    await screen.findByRole('list', { name: 'Forum subjects' }, SLOW);
    expect(screen.getByRole('link', { name: 'Open a new subject' }).getAttribute('href')).toBe(
      '/forum/create',
    );
    expect(screen.queryByRole('link', { name: 'Sign in to write in the forum' })).toBeNull();
  });
});

describe('the forum CMS component: a subject', () => {
  it('shows the messages as nested lists, authors (anonymous when gone), and sanitised rich text', async () => {
    openForum(`/forum/${GRIPS}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Which filament for grips?' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByText(/^Started by Maker Max on Feb 28, 2026/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: '3D printing' })).getAttribute('href')).toBe(
      `/forum?category=${PRINTING}`,
    );
    expect(screen.getByRole('heading', { level: 2, name: '4 messages' })).toBeTruthy();
    const thread = screen.getByRole('list', { name: '4 messages' });
    // two threads at the top; the answer under the question, the thanks under the answer
    expect(thread.querySelectorAll(':scope > li')).toHaveLength(2);
    const replies = within(thread).getByRole('list', { name: 'Replies to Maker Max' });
    expect(within(replies).getByRole('heading', { level: 3, name: /^anonymous, / })).toBeTruthy();
    const nested = within(replies).getByRole('list', { name: 'Replies to anonymous' });
    expect(within(nested).getByText('Thanks!')).toBeTruthy();
    // the member's rich text: the script is gone, the link is marked as theirs
    expect(
      screen
        .getByText(/soft grip/)
        .closest('p')!
        .querySelector('strong'),
    ).not.toBeNull();
    expect(document.querySelector('article script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Guide' }).getAttribute('rel')).toBe('ugc noopener');
    // a visitor reads the counts, and is asked to sign in to write
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to write in the forum' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the forum' }).getAttribute('href')).toBe('/forum');
    await waitFor(() => expect(document.title).toMatch(/^Which filament for grips\? \|/));
  });

  it('a member replies to a message: the reply is sent with its parent, shown nested and focused', async () => {
    const user = userEvent.setup();
    const { server } = openForum(`/forum/${GRIPS}`, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Which filament for grips?' }, SLOW);
    await user.click(await screen.findByRole('button', { name: 'Reply to Occupational therapist' }));
    const field = screen.getByRole('textbox', { name: 'Your reply to Occupational therapist' });
    expect(document.activeElement).toBe(field);
    await user.type(field, 'Good idea.{Enter}{Enter}Where to buy <them>?');
    await user.click(screen.getByRole('button', { name: 'Send the reply' }));
    const sent = await waitFor(() => {
      const found = server.writes('POST', /^\/api\/v1\/forum-subject-messages$/);
      expect(found).toHaveLength(1);
      return found[0]!.body as { data: Record<string, unknown> };
    });
    expect(sent.data).toEqual({
      type: 'forum-subject-messages',
      attributes: { content: '<p>Good idea.</p><p>Where to buy &lt;them&gt;?</p>' },
      relationships: {
        subject: { data: { type: 'forum-subjects', id: GRIPS } },
        parentMessage: { data: { type: 'forum-subject-messages', id: ASIDE } },
      },
    });
    const heading = await screen.findByRole('heading', { level: 3, name: /^Ada Lovelace, / });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.closest('ol')!.getAttribute('aria-label')).toBe('Replies to Occupational therapist');
    expect(server.lists('/api/v1/forum-subject-messages').at(-1)!.get('minPosition')).toBe('101');
    expect(screen.queryByRole('textbox', { name: 'Your reply to Occupational therapist' })).toBeNull();
  });

  it('shows a refused message on its field, and an empty one is not sent', async () => {
    const user = userEvent.setup();
    const { server } = openForum(`/forum/${GRIPS}`, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Which filament for grips?' }, SLOW);
    const field = screen.getByRole('textbox', { name: 'Your message' });
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    expect(server.writes('POST', /forum-subject-messages$/)).toHaveLength(0);
    await user.type(field, 'A forbidden word');
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(await screen.findByText('The content is refused')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((field as HTMLTextAreaElement).value).toBe('A forbidden word');
  });

  it('a subject limited to administrators refuses a member’s message with the server’s reason', async () => {
    const user = userEvent.setup();
    openForum(`/forum/${ADMINS_ONLY}`, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Announcements' }, SLOW);
    expect(screen.getByText(/^Started by anonymous on Feb 28, 2026/)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'May I?');
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    const refusal = await screen.findByText('Only administrators may write in this subject.');
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
  });

  it('a member likes and unlikes a message and the subject: the pressed state and the count change', async () => {
    const user = userEvent.setup();
    const { server } = openForum(`/forum/${GRIPS}`, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Which filament for grips?' }, SLOW);
    // the first of Maker Max's messages is the question
    const like = screen.getAllByRole('button', { name: 'Like the message of Maker Max' })[0]!;
    expect(like.getAttribute('aria-pressed')).toBe('false');
    const around = like.closest('span')!;
    expect(within(around).getByText('0 likes')).toBeTruthy();
    await user.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(within(around).getByText('1 like')).toBeTruthy();
    expect(server.writes('POST', /\/like$/).map((r) => r.url.pathname)).toEqual([
      `/api/v1/forum-subject-messages/${QUESTION}/like`,
    ]);
    // a message the member already liked: pressed, and unliked
    const liked = screen.getByRole('button', { name: 'Like the message of Occupational therapist' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    await user.click(liked);
    await waitFor(() => expect(liked.getAttribute('aria-pressed')).toBe('false'));
    expect(within(liked.closest('span')!).getByText('0 likes')).toBeTruthy();
    expect(server.writes('DELETE', /\/like$/).map((r) => r.url.pathname)).toEqual([
      `/api/v1/forum-subject-messages/${ASIDE}/like`,
    ]);
    const subject = screen.getByRole('button', { name: 'Like this subject' });
    await user.click(subject);
    await waitFor(() => expect(subject.getAttribute('aria-pressed')).toBe('true'));
    expect(within(subject.closest('span')!).getByText('2 likes')).toBeTruthy();
  });

  it('a member reports a message with a reason, through a dialog', async () => {
    const user = userEvent.setup();
    const { server } = openForum(`/forum/${GRIPS}`, { member: true });
    await screen.findByRole('heading', { level: 1, name: 'Which filament for grips?' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Report the message of anonymous' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report the message of anonymous' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details' }), 'An advert');
    await user.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = server.writes('POST', /^\/api\/v1\/reports$/)[0]!.body as { data: Record<string, unknown> };
    expect(sent.data).toMatchObject({
      type: 'reports',
      attributes: { reason: 'spam', details: 'An advert' },
      relationships: { reportable: { data: { type: 'forum-subject-messages', id: ANSWER } } },
    });
    expect(await screen.findByText('Thank you: the moderators will read your report.')).toBeTruthy();
  });

  it('an id no subject has is said so in place, with the way back', async () => {
    openForum('/forum/54444444-4444-4444-8444-444444444444');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This subject is not in the forum.' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the forum' })).toBeTruthy();
  });
});

describe('the forum CMS component: a new subject', () => {
  it('a member opens a subject at {path}/create: the subject, then its first message, then its page', async () => {
    const user = userEvent.setup();
    const { server, location } = openForum('/forum/create', { member: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'New subject' }, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the subject' }));
    expect(screen.getByText('Give the subject a title.')).toBeTruthy();
    expect(screen.getByText('Choose a category.')).toBeTruthy();
    expect(server.writes('POST', /forum-subjects$/)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Eye gaze on a budget');
    await user.click(screen.getByRole('button', { name: /Category/ }));
    // a parent category with children only groups them: not a choice
    expect(screen.queryByRole('option', { name: 'Making' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: '3D printing' }));
    await user.type(screen.getByRole('textbox', { name: 'First message' }), 'Which tracker?');
    await user.click(screen.getByRole('button', { name: 'Open the subject' }));
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/forum\/a0000001-.*\?minPosition=102$/));
    const subject = server.writes('POST', /forum-subjects$/)[0]!.body as { data: Record<string, unknown> };
    expect(subject.data).toEqual({
      type: 'forum-subjects',
      attributes: { title: 'Eye gaze on a budget' },
      relationships: { category: { data: { type: 'forum-categories', id: PRINTING } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Eye gaze on a budget' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Which tracker?')).toBeTruthy();
    expect(server.lists('/api/v1/forum-subject-messages').at(-1)!.get('minPosition')).toBe('102');
  });

  it('a refused title shows on its field', async () => {
    const user = userEvent.setup();
    openForum('/forum/create', { member: true });
    await screen.findByRole('heading', { level: 1, name: 'New subject' }, SLOW);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Help' }));
    await user.type(screen.getByRole('textbox', { name: 'First message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Open the subject' }));
    expect(await screen.findByText('The title is too long')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('asks a visitor to sign in', async () => {
    openForum('/forum/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'New subject' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to write in the forum' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirectUrl=%2Fforum%2Fcreate',
    );
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });
});

describe('the forum’s threads and text', () => {
  const message = (id: string, parentId: string | null): ForumMessage => ({
    id,
    parentId,
    content: '',
    likesCount: 0,
    likedByViewer: null,
    authorName: 'x',
    createdAt: null,
  });

  it('nests replies under their message, in order, and keeps an orphan reply at the top', () => {
    const tree = threadMessages([
      message('a', null),
      message('b', 'a'),
      message('c', 'gone'),
      message('d', 'b'),
      message('e', 'a'),
    ]);
    const shape = (nodes: ReturnType<typeof threadMessages>): unknown =>
      nodes.map((n) => [n.message.id, shape(n.replies)]);
    expect(shape(tree)).toEqual([
      [
        'a',
        [
          ['b', [['d', []]]],
          ['e', []],
        ],
      ],
      ['c', []],
    ]);
  });

  it('writes plain text as escaped paragraphs with line breaks', () => {
    expect(textAsHtml('  One\nline <b>&</b>\n\n\nTwo  ')).toBe(
      '<p>One<br>line &lt;b&gt;&amp;&lt;/b&gt;</p><p>Two</p>',
    );
  });
});
