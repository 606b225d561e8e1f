import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, listMeta, meDocument, route } from '../../kit/admin/admin-testing.ts';
import type { FakeRequest } from '../../kit/testing/fake-api.ts';

const NEWSLETTER = '0a000000-0000-4000-8000-0000000000f1';
const ARTICLE = '0a000000-0000-4000-8000-0000000000f2';
const SHOW = `/admin/resources/mailing-templates/show/${NEWSLETTER}`;

const newsletterDocument = {
  data: {
    type: 'mailing-templates',
    id: NEWSLETTER,
    attributes: {
      subject: 'Spring news',
      introText: '<p>What changed this season.</p>',
      outroText: '<p>See you in summer.</p>',
      lastSentAt: null,
      createdAt: '2031-03-01T09:00:00.000Z',
      updatedAt: '2031-03-01T09:00:00.000Z',
      deletedAt: null,
    },
    relationships: {
      articles: { data: [{ type: 'articles', id: ARTICLE }] },
      image: { data: null },
      attachments: { data: [] },
    },
    meta: { version: '2' },
  },
  included: [{ type: 'articles', id: ARTICLE, attributes: { title: 'Switch access at home' } }],
};

describe('a newsletter’s screen in the back office', () => {
  it('shows its fields by their labels and offers its preview in a new tab', async () => {
    consentDecided();
    const { location } = renderApp(SHOW, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [
        route('GET', `/api/v1/mailing-templates/${NEWSLETTER}`, () => fakeJson(200, newsletterDocument)),
      ],
    });
    // the visually hidden note is part of the link's name
    const preview = await screen.findByRole(
      'link',
      { name: /^Preview\s*\(opens in a new tab\)$/ },
      FIRST_RENDER,
    );
    expect(preview.getAttribute('href')).toBe(`/api/v1/services/newsletters/preview/${NEWSLETTER}`);
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(preview.getAttribute('rel')?.split(' ')).toContain('noopener');
    expect(preview.hasAttribute('download')).toBe(false);
    // the preview is the server's page, never a screen of the app: a click leaves the app where it was
    await userEvent.click(preview);
    expect(location.history).toEqual([SHOW]);
    for (const label of ['Subject', 'Introduction', 'Closing text', 'Articles, in their order', 'Last sent'])
      expect(screen.getAllByText(label).length, label).toBeGreaterThan(0);
  });
});

describe('sending a newsletter from its screen', () => {
  it('asks with the count of subscribed contacts, and says when this version has been sent already', async () => {
    consentDecided();
    const posted: FakeRequest[] = [];
    renderApp(SHOW, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [
        route('GET', `/api/v1/mailing-templates/${NEWSLETTER}`, () => fakeJson(200, newsletterDocument)),
        route('GET', '/api/v1/light-users', (request) =>
          request.url.searchParams.get('filter[hasMailSubscription]') === 'true'
            ? fakeJson(200, { data: [], meta: listMeta(12, 1, 1) })
            : fakeJson(400, { errors: [{ status: '400', code: 'bad_request' }] }),
        ),
        route(
          'POST',
          `/api/v1/services/newsletters/${NEWSLETTER}/send`,
          () =>
            fakeJson(409, {
              errors: [{ status: '409', code: 'conflict.newsletter_already_sent', detail: 'Sent already' }],
            }),
          posted,
        ),
      ],
    });
    const send = await screen.findByRole('button', { name: 'Send' }, FIRST_RENDER);
    // beside the preview, in the newsletter's own actions
    expect(send.parentElement).toBe(screen.getByRole('link', { name: /^Preview/ }).parentElement);
    await userEvent.click(send);
    const dialog = await screen.findByRole('dialog', { name: 'Send the newsletter' });
    await within(dialog).findByText('Send “Spring news” to 12 contacts?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'This version of the letter has been sent already. Change the letter to send it again.',
      ),
    );
    expect(posted).toHaveLength(1);
  });

  it('is not offered for a newsletter in the trash, which is not edited either', async () => {
    consentDecided();
    const trashed = {
      ...newsletterDocument,
      data: {
        ...newsletterDocument.data,
        attributes: { ...newsletterDocument.data.attributes, deletedAt: '2031-03-05T09:00:00.000Z' },
      },
    };
    renderApp(SHOW, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [route('GET', `/api/v1/mailing-templates/${NEWSLETTER}`, () => fakeJson(200, trashed))],
    });
    await screen.findByRole('link', { name: /^Preview/ }, FIRST_RENDER);
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });
});

describe('a newsletter’s form in the back office', () => {
  it('says that the letter keeps the articles’ order and where the image goes', async () => {
    consentDecided();
    renderApp('/admin/resources/mailing-templates/create', { me: meDocument({ roles: ['app_admin'] }) });
    const articles = await screen.findByRole('combobox', { name: 'Articles, in their order' }, FIRST_RENDER);
    const described = (articles.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(described).toContain('The letter shows the published ones among them, in this order');
    expect(screen.getByText(/Shown on top of the letter, at most 600 pixels wide\./)).toBeTruthy();
  });
});
