import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

interface FakeLike {
  id: string;
  recordType: string;
  recordId: string;
  likedAt: string;
}

/**
 * GET /likes?include=record and DELETE /{type}/{id}/like, shaped like query-api's and command-api's answers: a
 * liked record is included only while the member can read it (`readable`). Tags name their records by `name`.
 */
function likesServer(
  likes: FakeLike[],
  readable: Record<string, string>,
  options: { pageSize?: number } = {},
) {
  const state = {
    likes: [...likes],
    reads: [] as Array<{ page: string | null; include: string | null; minPosition: string | null }>,
    unliked: [] as string[],
    /** answers the next reads with this status instead */
    failing: [] as number[],
  };
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/api/v1/likes') {
      const params = request.url.searchParams;
      state.reads.push({
        page: params.get('page[number]'),
        include: params.get('include'),
        minPosition: params.get('minPosition'),
      });
      const failure = state.failing.shift();
      if (failure) {
        return fakeJson(failure, { errors: [{ status: String(failure), code: 'internal', detail: 'Down' }] });
      }
      const size = options.pageSize ?? Number(params.get('page[size]'));
      const number = Number(params.get('page[number]'));
      const page = state.likes.slice((number - 1) * size, number * size);
      return fakeJson(200, {
        data: page.map((l) => ({
          type: 'likes',
          id: l.id,
          attributes: { likedAt: l.likedAt },
          relationships: { record: { data: { type: l.recordType, id: l.recordId } } },
        })),
        included: page
          .filter((l) => readable[l.recordId] !== undefined)
          .map((l) => ({ type: l.recordType, id: l.recordId, attributes: { name: readable[l.recordId] } })),
        meta: {
          total: state.likes.length,
          page: { totalPages: Math.max(1, Math.ceil(state.likes.length / size)) },
        },
      });
    }
    const unlike = path.match(/^\/api\/v1\/([\w-]+)\/([\w-]+)\/like$/);
    if (request.method === 'DELETE' && unlike) {
      state.unliked.push(`${unlike[1]}/${unlike[2]}`);
      state.likes = state.likes.filter((l) => !(l.recordType === unlike[1] && l.recordId === unlike[2]));
      return fakeJson(200, { data: { type: 'likes', id: 'like-1' }, meta: { position: '88', version: '2' } });
    }
    return undefined;
  };
  return { state, handler };
}

const TWO_LIKES: FakeLike[] = [
  { id: 'l1', recordType: 'tags', recordId: 't1', likedAt: '2026-02-03T12:00:00.000Z' },
  { id: 'l2', recordType: 'tags', recordId: 't2', likedAt: '2026-01-15T12:00:00.000Z' },
];

const item = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;

describe('the member’s likes', () => {
  it('lists the likes newest first, a record no longer readable without its name, and unlikes one', async () => {
    decided();
    const user = userEvent.setup();
    const server = likesServer(TWO_LIKES, { t1: 'Switch access' });
    renderApp('/account/profile/likes', { me: meDocument(), handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'My likes' }, { timeout: 25_000 });

    const list = await screen.findByRole('list', { name: 'Your likes, newest first' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Switch access', 'No longer available']);
    expect(screen.getByText('2 likes')).toBeTruthy();
    expect(server.state.reads[0]).toMatchObject({ page: '1', include: 'record' });
    const liked = within(item('Switch access'));
    expect(liked.getByText('Liked on Feb 3, 2026').getAttribute('datetime')).toBe('2026-02-03T12:00:00.000Z');
    const gone = within(item('No longer available'));
    expect(gone.getByText('Liked on Jan 15, 2026')).toBeTruthy();
    expect(gone.queryByRole('link')).toBeNull();
    // the server answers 404 to an unlike of a record the member can no longer read: no button that would fail
    expect(gone.queryByRole('button')).toBeNull();

    await user.click(liked.getByRole('button', { name: 'Unlike' }));
    expect(await screen.findByText('Unliked: Switch access')).toBeTruthy();
    expect(server.state.unliked).toEqual(['tags/t1']);
    // the list is read again after the write
    expect(server.state.reads.at(-1)).toMatchObject({ page: '1', minPosition: '88' });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Switch access' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No longer available' })).toBeTruthy();
    expect(screen.getByText('1 like')).toBeTruthy();
    // focus continues from the like that took its place
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'No longer available' }),
      ),
    );
  });

  it('says so when there is no like', async () => {
    decided();
    const server = likesServer([], {});
    renderApp('/account/profile/likes', { me: meDocument(), handlers: [server.handler] });
    expect(await screen.findByText('You have not liked anything yet.', {}, { timeout: 25_000 })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your likes, newest first' })).toBeNull();
  });

  it('shows a failed read and reads again on request', async () => {
    decided();
    const user = userEvent.setup();
    const server = likesServer(TWO_LIKES, { t1: 'Switch access' });
    server.state.failing.push(503);
    renderApp('/account/profile/likes', { me: meDocument(), handlers: [server.handler] });
    // a server failure is also the shell's unexpected-error dialog; closed, the screen offers to read again
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Something went wrong' },
      { timeout: 25_000 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const alert = screen.getByText('Your likes could not be loaded.').closest<HTMLElement>('[role="alert"]')!;
    expect(screen.queryByRole('list', { name: 'Your likes, newest first' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Switch access' })).toBeTruthy();
    expect(screen.queryByText('Your likes could not be loaded.')).toBeNull();
  });

  it('pages through the likes', async () => {
    decided();
    const user = userEvent.setup();
    const server = likesServer(TWO_LIKES, { t1: 'Switch access', t2: 'Eye gaze' }, { pageSize: 1 });
    renderApp('/account/profile/likes', { me: meDocument(), handlers: [server.handler] });
    expect(await screen.findByText('Page 1 of 2', {}, { timeout: 25_000 })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of your likes' });
    expect(within(pages).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Eye gaze' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(server.state.reads.at(-1)).toMatchObject({ page: '2' });
  });

  it('sends a visitor to sign in first', async () => {
    decided();
    const { location } = renderApp('/account/profile/likes');
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/auth\/sign-in\?/), { timeout: 25_000 });
    const query = new URLSearchParams(location.history!.at(-1)!.split('?')[1]);
    expect(query.get('redirectUrl')).toBe('/account/profile/likes');
  });
});
