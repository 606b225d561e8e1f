import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer, type TestComponent } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { meDocument } from '../accounts/profile/testing.ts';
import { communityServer } from '../community/testing.ts';
import { GAZE_GUIDE, GAZE_REQUEST, GAZE_THEME, SWITCH_VIDEO, trainingsServer } from './testing.ts';

const SLOW = { timeout: 25_000 };

function open(path: string, pagePath: string, component: TestComponent, { member = false } = {}) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = trainingsServer();
  const view = renderApp(path, {
    routes: { [pagePath]: pageAnswer(pagePath, 'Trainings', [component]) },
    handlers: [server.handler, communityServer().handler],
    ...(member ? { me: meDocument() } : {}),
  });
  return { ...view, server };
}

describe('the training resources search component', () => {
  it('lists nothing until asked, then the resources of a theme, linking to their pages under the resources’ page', async () => {
    const user = userEvent.setup();
    const { server } = open('/find', '/find', { name: 'training-resources-search', props: {} });
    expect(
      await screen.findByText('Type words or choose a theme to find training resources.', undefined, SLOW),
    ).toBeTruthy();
    expect(server.lists).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('option', { name: 'Eye gaze (1)' }));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(server.lists.at(-1)!.get('filter[themes]')).toBe(GAZE_THEME);
    expect(
      within(results).getByRole('link', { name: 'Calibrating an eye-gaze device' }).getAttribute('href'),
    ).toBe(`/learn/${GAZE_GUIDE}`);
    expect(screen.getByText('1 resource.').getAttribute('role')).toBe('status');
  });
});

describe('the selected training resources component', () => {
  it('shows the resources an editor picked, in the editor’s order, leaving out one that is gone', async () => {
    open('/picked', '/picked', {
      name: 'selected-training-resources',
      props: {
        title: 'Start here',
        resources: [GAZE_GUIDE, 'a9999999-9999-4999-8999-999999999999', SWITCH_VIDEO],
      },
    });
    const list = await screen.findByRole('list', { name: 'Training resources' }, SLOW);
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Calibrating an eye-gaze device', 'Setting up a first switch']);
    expect(within(list).getByRole('link', { name: 'Setting up a first switch' }).getAttribute('href')).toBe(
      `/picked/${SWITCH_VIDEO}`,
    );
    expect(screen.queryByRole('search')).toBeNull();
  });
});

describe('the training resource requests component', () => {
  it('lists the requests and opens one with the resources it would extend', async () => {
    open(`/requests/${GAZE_REQUEST}`, '/requests', { name: 'training-resource-requests', props: {} });
    await screen.findByRole('heading', { level: 1, name: 'Eye-gaze games' }, SLOW);
    expect(screen.getByRole('link', { name: /See what inspired this request/ }).getAttribute('href')).toBe(
      'https://example.org/games',
    );
    const extended = screen.getByRole('region', { name: 'Resources it would extend' });
    expect(
      (await within(extended).findByRole('link', { name: 'Calibrating an eye-gaze device' })).getAttribute(
        'href',
      ),
    ).toBe(`/learn/${GAZE_GUIDE}`);
    expect(screen.getByText('Themes')).toBeTruthy();
    expect(screen.getByText('Eye gaze')).toBeTruthy();
  });

  it('lets a member ask for a resource with a theme of their own; a refused link shows on its field', async () => {
    const user = userEvent.setup();
    const { server, location } = open(
      '/requests',
      '/requests',
      { name: 'training-resource-requests', props: {} },
      {
        member: true,
      },
    );
    const list = await screen.findByRole('list', { name: 'Requests for training resources' }, SLOW);
    expect(within(list).getByRole('link', { name: 'Eye-gaze games' }).getAttribute('href')).toBe(
      `/requests/${GAZE_REQUEST}`,
    );
    await user.click(screen.getByRole('button', { name: 'Ask for a resource' }));
    const form = await screen.findByRole('form', { name: 'Ask for a resource' });
    const title = within(form).getByRole('textbox', { name: /What resource do you need/ });
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.click(within(form).getByRole('button', { name: 'Send my request' }));
    expect(await within(form).findByText('Give your request a title.')).toBeTruthy();
    expect(server.writes).toHaveLength(0);

    await user.type(title, 'Switch games in Catalan');
    await user.type(within(form).getByRole('textbox', { name: /Inspiration link/ }), 'nowhere');
    await user.click(within(form).getByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(await within(form).findByRole('textbox', { name: /Your theme/ }), 'Games');
    await user.click(within(form).getByRole('button', { name: 'Send my request' }));
    const link = within(form).getByRole('textbox', { name: /Inspiration link/ });
    expect(await within(form).findByText('Invalid url')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');

    await user.clear(link);
    await user.type(link, 'https://example.org/catalan');
    await user.click(within(form).getByRole('button', { name: 'Send my request' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe('/requests/d9999999-9999-4999-8999-999999999999?minPosition=101'),
    );
    expect(server.writes.at(-1)).toMatchObject({
      data: {
        type: 'training-resource-requests',
        attributes: {
          title: 'Switch games in Catalan',
          inspirationUrl: 'https://example.org/catalan',
          otherTheme: 'Games',
        },
        relationships: { themes: { data: [] } },
      },
    });
  });
});

describe('the trainings component', () => {
  it('lists the trainings, and a training’s page shows its sessions with the addresses the reader may read', async () => {
    const user = userEvent.setup();
    open('/trainings', '/trainings', { name: 'trainings', props: {} });
    const list = await screen.findByRole('list', { name: 'Trainings' }, SLOW);
    const card = within(list).getByRole('link', { name: 'Communication boards in class' }).closest('li')!;
    expect(card.textContent).toContain('Alternative communication · Beginner');
    expect(card.textContent).toContain('2 sessions');
    await user.click(within(card).getByRole('link', { name: 'Communication boards in class' }));
    await screen.findByRole('heading', { level: 1, name: 'Communication boards in class' });
    const sessions = await screen.findByRole('list', { name: 'Sessions of Communication boards in class' });
    const items = within(sessions).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('March 1, 2030');
    expect(items[0]!.textContent).toContain('12 rue des Ateliers');
    expect(items[0]!.textContent).toContain('69007 Lyon');
    expect(items[1]!.textContent).toContain('The address is sent to the participants.');
    expect(screen.getByRole('link', { name: 'Back to the trainings' }).getAttribute('href')).toBe(
      '/trainings',
    );
  });
});
