import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../state/accessibility.ts';
import { buildTheme } from '../theme/theme.ts';
import { Button } from '../ui/button.tsx';
import { MemberListItem, PagedList, usePagedRead, type ListPageOf } from './paged-list.tsx';

const WORDS = {
  loading: 'Loading the tools',
  loadFailed: 'The tools could not be loaded.',
  retry: 'Try again',
  empty: 'No tool yet.',
  list: 'Your tools',
  pages: 'Pages of your tools',
  previous: 'Previous page',
  next: 'Next page',
  position: (page: number, pages: number) => `Page ${page} of ${pages}`,
  positionOfMore: (page: number, pages: number) => `Page ${page} of ${pages} or more`,
};

/**
 * A server holding `names`, two a page; a read fails while `failing` counts down. Given `cap`, it counts no further
 * than the cap or the page's end, as the API does (ADR 0045).
 */
function toolServer(names: string[], cap?: number) {
  const server = {
    names: [...names],
    reads: [] as Array<{ page: number; minPosition?: string }>,
    failing: 0,
    read: async ({
      page,
      minPosition,
    }: {
      page: number;
      minPosition?: string;
    }): Promise<ListPageOf<string>> => {
      server.reads.push({ page, minPosition });
      await Promise.resolve();
      if (server.failing > 0) {
        server.failing -= 1;
        throw new Error('down');
      }
      const bound = cap === undefined ? Infinity : Math.max(cap, page * 2);
      const total = Math.min(server.names.length, bound);
      return {
        items: server.names.slice((page - 1) * 2, page * 2),
        total,
        totalPages: Math.max(1, Math.ceil(total / 2)),
        ...(server.names.length > bound ? { totalCapped: true } : {}),
      };
    },
  };
  return server;
}

function Tools({ server, said }: { server: ReturnType<typeof toolServer>; said: string[] }) {
  const read = usePagedRead((options) => server.read(options), [server]);
  return (
    <PagedList
      read={read}
      words={WORDS}
      item={(name) => (
        <MemberListItem key={name}>
          <h2>{name}</h2>
          <Button
            onPress={() => {
              server.names = server.names.filter((n) => n !== name);
              void read.reload('42').then(() => {
                // the list on screen already shows the removal
                said.push(
                  screen.queryByRole('heading', { name }) ? `${name} still shown` : `${name} removed`,
                );
              });
            }}
          >
            {`Remove ${name}`}
          </Button>
        </MemberListItem>
      )}
    />
  );
}

function setup(names: string[], failing = 0, cap?: number) {
  const server = toolServer(names, cap);
  server.failing = failing;
  const said: string[] = [];
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <Tools server={server} said={said} />
      </IntlProvider>
    </ThemeProvider>,
  );
  return { server, said, user: userEvent.setup() };
}

const names = () =>
  within(screen.getByRole('list', { name: 'Your tools' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

describe('a member’s paged list', () => {
  it('shows the loader, then the first page with its pager, and pages', async () => {
    const { server, user } = setup(['Switch', 'Joystick', 'Eye gaze']);
    expect(screen.getByRole('progressbar', { name: 'Loading the tools' })).toBeTruthy();
    await screen.findByRole('list', { name: 'Your tools' });
    expect(names()).toEqual(['Switch', 'Joystick']);
    const pages = screen.getByRole('navigation', { name: 'Pages of your tools' });
    expect(within(pages).getByText('Page 1 of 2').getAttribute('aria-live')).toBe('polite');
    expect(within(pages).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()).toEqual(['Eye gaze']));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(server.reads.at(-1)).toEqual({ page: 2, minPosition: undefined });
  });

  it('goes on past the last counted page of a list that counted no further, each page counting further', async () => {
    const { server, user } = setup(['Switch', 'Joystick', 'Eye gaze', 'Sip-and-puff', 'Head mouse'], 0, 2);
    await screen.findByRole('list', { name: 'Your tools' });
    // one page counted, more follow: the pager is there, its next button open
    const pages = screen.getByRole('navigation', { name: 'Pages of your tools' });
    expect(within(pages).getByText('Page 1 of 1 or more')).toBeTruthy();
    const next = within(pages).getByRole('button', { name: 'Next page' });
    expect(next.hasAttribute('disabled')).toBe(false);
    await user.click(next);
    await waitFor(() => expect(names()).toEqual(['Eye gaze', 'Sip-and-puff']));
    expect(screen.getByText('Page 2 of 2 or more')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // the third page's count reaches the list's end: exact again, and the last page
    await waitFor(() => expect(names()).toEqual(['Head mouse']));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    expect(server.reads.map((r) => r.page)).toEqual([1, 2, 3]);
  });

  it('has no pager for a single page, and says when the list is empty', async () => {
    setup([]);
    expect(await screen.findByText('No tool yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your tools' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says a failed read, and reads again on request', async () => {
    const { user } = setup(['Switch'], 1);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The tools could not be loaded.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Your tools' });
    expect(names()).toEqual(['Switch']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads again at a command’s position, and resolves once the list shows it', async () => {
    const { server, said, user } = setup(['Switch', 'Joystick']);
    await screen.findByRole('list', { name: 'Your tools' });
    await user.click(screen.getByRole('button', { name: 'Remove Switch' }));
    await waitFor(() => expect(said).toEqual(['Switch removed']));
    expect(names()).toEqual(['Joystick']);
    expect(server.reads.at(-1)).toEqual({ page: 1, minPosition: '42' });
  });

  it('gives way to the last page when the last item of the last page is gone', async () => {
    const { server, user } = setup(['Switch', 'Joystick', 'Eye gaze']);
    await screen.findByRole('list', { name: 'Your tools' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(names()).toEqual(['Eye gaze']));
    await user.click(screen.getByRole('button', { name: 'Remove Eye gaze' }));
    await waitFor(() => expect(names()).toEqual(['Switch', 'Joystick']));
    expect(screen.queryByText('No tool yet.')).toBeNull();
    expect(server.reads.at(-1)).toMatchObject({ page: 1 });
  });
});
