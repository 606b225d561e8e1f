import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { FakeXhr } from '../../kit/testing/fake-xhr.ts';
import { meDocument } from '../accounts/profile/testing.ts';
import { communityServer } from '../community/testing.ts';
import {
  FIRST_REVIEW,
  GAZE_GUIDE,
  GAZE_REQUEST,
  GAZE_THEME,
  SWITCH_THEME,
  SWITCH_VIDEO,
  TAG_BEGINNERS,
  trainingsServer,
  type TrainingsServerOptions,
} from './testing.ts';

const SLOW = { timeout: 25_000 };
afterEach(() => vi.unstubAllGlobals());
const page = (props: Record<string, unknown> = { title: 'Learn' }) =>
  pageAnswer('/learn', 'Training resources', [{ name: 'training-resources', props }]);

function open(
  path = '/learn',
  { member = false, ...options }: TrainingsServerOptions & { member?: boolean } = {},
  props?: Record<string, unknown>,
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = trainingsServer(options);
  const view = renderApp(path, {
    routes: { '/learn': page(props) },
    handlers: [server.handler, communityServer().handler],
    ...(member ? { me: meDocument() } : {}),
  });
  return { ...view, server };
}

describe('the training resources CMS component: the list', () => {
  it('lists the resources as cards with their type, themes, rating, excerpt and tags, each linking to its page', async () => {
    open();
    const list = await screen.findByRole('list', { name: 'Training resources' }, SLOW);
    expect(screen.getByRole('heading', { level: 2, name: 'Learn' })).toBeTruthy();
    const card = within(list)
      .getByRole('heading', { level: 3, name: 'Setting up a first switch' })
      .closest('li')!;
    expect(within(card).getByRole('link', { name: 'Setting up a first switch' }).getAttribute('href')).toBe(
      `/learn/${SWITCH_VIDEO}`,
    );
    expect(within(card).getByText('Video tutorial')).toBeTruthy();
    expect(within(card).getByText('Themes: Switch access')).toBeTruthy();
    expect(card.textContent).toContain('4.5 out of 5 · 2 reviews');
    // the excerpt is text: the description's markup is not rendered in a card
    expect(
      within(card)
        .getByText(/^A ten-minute video/)
        .querySelector('*'),
    ).toBeNull();
    expect(
      within(within(card).getByRole('list', { name: 'Tags of Setting up a first switch' }))
        .getByRole('link', { name: 'Beginners' })
        .getAttribute('href'),
    ).toBe(`/learn?tag=${TAG_BEGINNERS}`);
    const guide = within(list).getByRole('link', { name: 'Calibrating an eye-gaze device' }).closest('li')!;
    expect(within(guide).getByText('No review yet.')).toBeTruthy();
    expect(screen.getByText('2 resources.').getAttribute('role')).toBe('status');
  });

  it('filters by theme (with the counts in the choices) and by the words of the search box, in the URL', async () => {
    const user = userEvent.setup();
    const { server, location } = open();
    await screen.findByRole('list', { name: 'Training resources' }, SLOW);
    await user.click(await screen.findByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('option', { name: 'Eye gaze (1)' }));
    await waitFor(() => expect(server.lists.at(-1)!.get('filter[themes]')).toBe(GAZE_THEME));
    expect(location.history?.at(-1)).toBe(`/learn?theme=${GAZE_THEME}`);
    const list = await screen.findByRole('list', { name: 'Training resources' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('link', { name: 'Calibrating an eye-gaze device' })).toBeTruthy();

    const box = within(screen.getByRole('search')).getByRole('searchbox', {
      name: 'Search the training resources',
    });
    await user.type(box, 'nothing{Enter}');
    expect((await screen.findByText('No resource found for “nothing”.')).getAttribute('role')).toBe('status');
    expect(server.lists.at(-1)!.get('filter[search]')).toBe('nothing');
    expect(server.lists.at(-1)!.get('filter[themes]')).toBe(GAZE_THEME);
  });

  it('starts from the theme an editor preset, which "All themes" undoes', async () => {
    const user = userEvent.setup();
    const { server, location } = open('/learn', {}, { title: '', theme: SWITCH_THEME });
    await screen.findByRole('list', { name: 'Training resources' }, SLOW);
    expect(server.lists.at(-1)!.get('filter[themes]')).toBe(SWITCH_THEME);
    await user.click(await screen.findByRole('button', { name: /Theme/ }));
    await user.click(await screen.findByRole('option', { name: 'All themes' }));
    await waitFor(() => expect(server.lists.at(-1)!.has('filter[themes]')).toBe(false));
    expect(location.history?.at(-1)).toBe('/learn?theme=all');
  });
});

describe('a training resource’s page', () => {
  it('shows the resource with its files, licence, authors, links, the requests it answers and its reviews', async () => {
    open(`/learn/${SWITCH_VIDEO}`);
    await screen.findByRole('heading', { level: 1, name: 'Setting up a first switch' }, SLOW);
    expect(screen.queryByRole('heading', { name: 'Learn' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the training resources' }).getAttribute('href')).toBe(
      '/learn',
    );
    expect(screen.getByRole('img', { name: 'A switch on a tray' }).getAttribute('src')).toBe(
      '/files/img1.jpg',
    );
    expect(screen.getByRole('link', { name: 'Switch access' }).getAttribute('href')).toBe(
      `/learn?theme=${SWITCH_THEME}`,
    );
    expect(screen.getByRole('link', { name: 'Video tutorial' })).toBeTruthy();
    // the licence links to its text; it opens in a new tab, as the external link does
    const licence = screen.getByRole('link', { name: /CC-BY-SA-4.0/ });
    expect(licence.getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    expect(licence.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('The therapists')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Open the resource on its website/ }).getAttribute('href')).toBe(
      'https://example.org/switch',
    );
    expect(await screen.findByText('Watch it with the learner.')).toBeTruthy();
    const files = screen.getByRole('region', { name: 'Files to download' });
    expect(
      within(files).getByRole('link', { name: 'Download checklist.pdf (120 kB)' }).getAttribute('href'),
    ).toBe('/api/v1/services/files/pdf1/content/x.pdf');
    const answers = screen.getByRole('region', { name: 'Requests it answers' });
    expect((await within(answers).findByRole('link', { name: 'Eye-gaze games' })).getAttribute('href')).toBe(
      `/requests/${GAZE_REQUEST}`,
    );
    const extended = screen.getByRole('region', { name: 'Resources it extends' });
    expect(
      within(extended).getByRole('link', { name: 'Calibrating an eye-gaze device' }).getAttribute('href'),
    ).toBe(`/learn/${GAZE_GUIDE}`);

    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(reviews.textContent).toContain('4.5 out of 5 · 2 reviews');
    const list = within(reviews).getByRole('list', { name: 'Reviews of Setting up a first switch' });
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('5 out of 5');
    expect(first.textContent).toContain('Noor Member');
    expect(first.textContent).toContain('Used for: A project · 6 people served');
    expect(
      within(first).getByRole('link', { name: 'Open the review of Noor Member' }).getAttribute('href'),
    ).toMatch(/^\/learn\/reviews\//);
    // a visitor is asked to sign in to review
    expect(within(reviews).getByRole('link', { name: 'Sign in to review this resource' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: /Your review/ })).toBeNull();
  });

  it('shows a review at {path}/reviews/{review}, with the way to its resource', async () => {
    open(`/learn/reviews/${FIRST_REVIEW}`);
    await screen.findByRole('heading', { level: 1, name: 'A review of Setting up a first switch' }, SLOW);
    expect(screen.getByText('Used for: A project · 6 people served')).toBeTruthy();
    expect(screen.getByText('Clear and short.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Setting up a first switch' }).getAttribute('href')).toBe(
      `/learn/${SWITCH_VIDEO}`,
    );
  });

  it('says so when the resource does not exist', async () => {
    open('/learn/a9999999-9999-4999-8999-999999999999');
    await screen.findByRole('heading', { level: 1, name: 'This training resource does not exist.' }, SLOW);
    expect(screen.getByRole('link', { name: 'Back to the training resources' })).toBeTruthy();
  });
});

describe('the review form', () => {
  it('asks for the recipients only for a project, an integration or another objective, and requires them then', async () => {
    const user = userEvent.setup();
    const { server } = open(`/learn/${SWITCH_VIDEO}`, { member: true });
    const form = await screen.findByRole('form', { name: 'Your review of Setting up a first switch' }, SLOW);
    const objectives = within(form).getByRole('radiogroup', { name: 'What did you use it for?' });
    expect(within(form).queryByRole('textbox', { name: /Number of people it served/ })).toBeNull();
    await user.click(within(objectives).getByRole('radio', { name: 'Personal use' }));
    expect(within(form).queryByRole('textbox', { name: /Number of people it served/ })).toBeNull();
    for (const objective of ['A project', 'An integration', 'Another objective']) {
      await user.click(within(objectives).getByRole('radio', { name: objective }));
      expect(within(form).getByRole('textbox', { name: /Number of people it served/ })).toBeTruthy();
    }
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));
    const recipients = within(form).getByRole('textbox', { name: /Number of people it served/ });
    expect(await within(form).findByText('Say how many people it served (1 or more).')).toBeTruthy();
    expect(recipients.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(recipients));
    expect(server.writes).toHaveLength(0);

    // back to personal use: the recipients are neither asked nor sent
    await user.click(within(objectives).getByRole('radio', { name: 'Personal use' }));
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]).toMatchObject({
      data: {
        type: 'training-resource-reviews',
        attributes: { objective: 'personal', recipientsCount: null, reviewRating: 4 },
        relationships: { resource: { data: { type: 'training-resources', id: SWITCH_VIDEO } } },
      },
    });
  });

  it('sends a review, then shows the average and count with it, read at the write’s position', async () => {
    const user = userEvent.setup();
    const { server } = open(`/learn/${SWITCH_VIDEO}`, { member: true });
    const form = await screen.findByRole('form', { name: 'Your review of Setting up a first switch' }, SLOW);
    await user.click(within(form).getByRole('radio', { name: 'A project' }));
    const recipients = within(form).getByRole('textbox', { name: /Number of people it served/ });
    await user.type(recipients, '12');
    await user.click(within(form).getByRole('radio', { name: '3 stars' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Your comment (optional)' }),
      'Useful in class.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));

    expect(await within(form).findByText('Thank you: your review is published.')).toBeTruthy();
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(reviews.textContent).toContain('4 out of 5 · 3 reviews');
    expect(server.writes[0]).toMatchObject({
      data: {
        attributes: {
          objective: 'project',
          recipientsCount: 12,
          reviewRating: 3,
          reviewComment: 'Useful in class.',
        },
      },
    });
    expect(server.reads.at(-1)!.get('minPosition')).toBe('101');
    expect(within(reviews).getByText('Useful in class.')).toBeTruthy();
    // the form starts again, empty
    expect(within(form).getByRole('radio', { name: '3 stars' })).toHaveProperty('checked', false);
  });

  it('sends a file with the review: uploaded when picked, with its progress, then named by the review', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup();
    const { server } = open(`/learn/${SWITCH_VIDEO}`, { member: true });
    const form = await screen.findByRole('form', { name: 'Your review of Setting up a first switch' }, SLOW);
    await user.click(within(form).getByRole('radio', { name: 'Personal use' }));
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    const chooser = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(chooser, new File(['%PDF-1.4 notes'], 'class-notes.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/v1/services/files');
    expect(xhr.body!.get('family')).toBe('doc,image,video,audio');
    act(() => xhr.progress(5, 10));
    expect(await within(form).findByRole('progressbar', { name: /class-notes\.pdf/ })).toBeTruthy();
    // no review goes while its file is on its way
    expect(within(form).getByRole('button', { name: 'Send my review' })).toHaveProperty('disabled', true);
    const fileId = '5a1d7c3e-0f5b-4a8e-9c1e-2b3c4d5e6f71';
    act(() =>
      xhr.respond(201, {
        data: {
          type: 'files',
          id: fileId,
          attributes: {
            name: 'class-notes.pdf',
            description: null,
            family: 'doc',
            mimeType: 'application/pdf',
            size: 14,
            url: `/api/v1/services/files/${fileId}/content/${'a'.repeat(64)}.pdf`,
            previewUrl: null,
            metadata: {},
            preview: null,
          },
        },
        meta: { position: '90', version: '0' },
      }),
    );
    expect(await within(form).findByText('class-notes.pdf')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));
    expect(await within(form).findByText('Thank you: your review is published.')).toBeTruthy();
    expect(server.writes[0]).toMatchObject({
      data: {
        attributes: { objective: 'personal', reviewRating: 4 },
        relationships: { file: { data: { type: 'files', id: fileId } } },
      },
    });
    expect((server.writes[0] as { data: { attributes: object } }).data.attributes).not.toHaveProperty('file');
    // the review shows its file to download
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(
      await within(reviews).findByRole('link', { name: `Download the file sent with it: ${fileId}.pdf` }),
    ).toHaveProperty('href', expect.stringContaining(`/api/v1/services/files/${fileId}/content/`));
  });

  it('shows a refusal of the server (422) on the field its pointer names', async () => {
    const user = userEvent.setup();
    open(`/learn/${SWITCH_VIDEO}`, {
      member: true,
      refuseReview: { pointer: '/data/attributes/reviewRating', detail: 'This rating is out of range' },
    });
    const form = await screen.findByRole('form', { name: 'Your review of Setting up a first switch' }, SLOW);
    await user.click(within(form).getByRole('radio', { name: 'Personal use' }));
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Send my review' }));
    const rating = within(form).getByRole('radiogroup', { name: 'Your rating' });
    expect(await within(rating).findByText('This rating is out of range')).toBeTruthy();
    expect(rating.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('region', { name: 'Reviews' }).textContent).toContain('2 reviews');
  });
});
