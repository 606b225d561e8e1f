import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import {
  commandAnswer,
  consentDecided,
  FIRST_RENDER,
  listMeta,
  meDocument,
  route,
} from '../../../kit/admin/admin-testing.ts';

const ITEM = '6f1c2a4e-1b7d-4c39-9d0e-5a8b7c6d5e41';
const REQUEST = '0c9e8d7f-2a3b-4c5d-8e6f-7a8b9c0d1e2f';
const REQUESTS = `/api/v1/services/publishables/blog-posts/${ITEM}/publication-requests`;

const blogPost = (attributes: Record<string, unknown> = {}) => ({
  type: 'blog-posts',
  id: ITEM,
  attributes: {
    title: 'Switch adapter for a toy',
    slug: 'switch-adapter-for-a-toy',
    shortDescription: null,
    content: '<p>Made in the fab lab</p>',
    externalUrl: null,
    publishedAt: null,
    canEdit: true,
    canDelete: true,
    pendingPublicationRequest: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    deletedAt: null,
    ...attributes,
  },
  relationships: {},
  meta: { version: '1' },
});

const pendingOfItem = { id: REQUEST, targetedPublishedAt: null, submittedAt: '2026-05-02T10:00:00.000Z' };

const publicationRequest = (attributes: Record<string, unknown> = {}) => ({
  type: 'publication-requests',
  id: REQUEST,
  attributes: {
    description: 'Ready for the blog',
    targetedPublishedAt: null,
    refuseReason: null,
    status: 'pending',
    submittedAt: '2026-05-02T10:00:00.000Z',
    decidedAt: null,
    publishedAt: null,
    createdAt: '2026-05-02T10:00:00.000Z',
    updatedAt: '2026-05-02T10:00:00.000Z',
    ...attributes,
  },
  relationships: { publishable: { data: { type: 'blog-posts', id: ITEM } } },
  meta: { version: '1' },
});

/** A member of level 1 with no role: a contributor, who keeps what they wrote and decides nothing. */
const contributor = () => ({ ...meDocument({ id: 'u-author' }), meta: { effectiveAccessWeight: 300 } });
const publisher = () => meDocument({ roles: ['admin'] });

const problem = (status: number, code: string, detail: string, pointer?: string) =>
  fakeJson(status, {
    errors: [{ status: String(status), code, detail, ...(pointer ? { source: { pointer } } : {}) }],
  });

/**
 * The request and its item as the server keeps them: a decision changes both, after which the reads (with the
 * decision's position) see it. `answers` overrides the next answers of a command, in order.
 */
function fakeServer(answers: { accept?: Response[]; refuse?: Response[]; submit?: Response[] } = {}) {
  const state = { status: 'pending', refuseReason: null as string | null, pending: true as boolean };
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const item = () =>
    blogPost({
      pendingPublicationRequest: state.pending ? pendingOfItem : null,
      publishedAt: state.status === 'accepted' ? '2026-05-03T08:00:00.000Z' : null,
    });
  const handlers = [
    route(
      'GET',
      `/api/v1/publication-requests/${REQUEST}`,
      () =>
        fakeJson(200, {
          data: publicationRequest({ status: state.status, refuseReason: state.refuseReason }),
          included: [item()],
        }),
      reads,
    ),
    route(
      'GET',
      '/api/v1/publication-requests',
      () => fakeJson(200, { data: [publicationRequest()], included: [item()], meta: listMeta(1) }),
      reads,
    ),
    route('GET', `/api/v1/blog-posts/${ITEM}`, () => fakeJson(200, { data: item() }), reads),
    route(
      'POST',
      `${REQUESTS}/${REQUEST}/accept`,
      () => {
        const next = answers.accept?.shift();
        if (next) return next;
        state.status = 'accepted';
        state.pending = false;
        return fakeJson(200, commandAnswer('publication-requests', REQUEST, '51'));
      },
      writes,
    ),
    route(
      'POST',
      `${REQUESTS}/${REQUEST}/refuse`,
      (r) => {
        const next = answers.refuse?.shift();
        if (next) return next;
        state.status = 'refused';
        state.pending = false;
        state.refuseReason = (
          r.body as { data: { attributes: { refuseReason: string } } }
        ).data.attributes.refuseReason;
        return fakeJson(200, commandAnswer('publication-requests', REQUEST, '52'));
      },
      writes,
    ),
    route(
      'POST',
      REQUESTS,
      () => {
        const next = answers.submit?.shift();
        if (next) return next;
        state.pending = true;
        return fakeJson(201, commandAnswer('publication-requests', REQUEST, '53'));
      },
      writes,
    ),
  ];
  return { handlers, reads, writes, state };
}

/** A command's answer, then the read at its position, on a machine the other tests keep busy. */
const AFTER_COMMAND = { timeout: 5_000 };

const statusValue = () => {
  const term = screen.getByText('Status', { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('a publication request in the back office', () => {
  it('is accepted by a publisher, who then reads its new status; it leads to its item and its history', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp(`/admin/resources/publication-requests/show/${REQUEST}`, {
      me: publisher(),
      handlers: server.handlers,
    });
    const accept = await screen.findByRole('button', { name: 'Accept the request' }, FIRST_RENDER);
    expect(server.reads[0]!.url.searchParams.get('include')).toBe('publishable');
    expect(
      screen.getByRole('link', { name: 'Open the item “Switch adapter for a toy”' }).getAttribute('href'),
    ).toBe(`/admin/resources/blog-posts/show/${ITEM}`);
    expect(
      screen.getByRole('link', { name: 'History of “Switch adapter for a toy”' }).getAttribute('href'),
    ).toBe(`/admin/resources/blog-posts/history/${ITEM}`);
    expect(statusValue()).toBe('Pending');

    await userEvent.click(accept);
    await waitFor(() => expect(statusValue()).toBe('Accepted'), AFTER_COMMAND);
    expect(server.writes.map((w) => w.url.pathname)).toEqual([`${REQUESTS}/${REQUEST}/accept`]);
    expect(server.reads.at(-1)!.url.searchParams.get('minPosition')).toBe('51');
    expect(
      await screen.findAllByText('The publication request of “Switch adapter for a toy” is accepted.'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Accept the request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuse the request' })).toBeNull();
    // the focus is not lost with the button: it waits on the section's heading
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Publication request' }),
      ),
    );
  });

  it('shows a 409 from the server on the screen', async () => {
    consentDecided();
    const server = fakeServer({
      accept: [problem(409, 'conflict.publication_request_state', 'Only a pending request is decided')],
    });
    renderApp(`/admin/resources/publication-requests/show/${REQUEST}`, {
      me: publisher(),
      handlers: server.handlers,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the request' }, FIRST_RENDER));
    const message = 'Only a pending request of an item that still exists can be decided.';
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(message))).toBe(true),
    );
    expect(statusValue()).toBe('Pending');
  });

  it('is refused with a reason, required here and on the server (its 422 on the field)', async () => {
    consentDecided();
    const server = fakeServer({
      refuse: [
        problem(
          422,
          'validation.required',
          'Say why the publication is refused',
          '/data/attributes/refuseReason',
        ),
      ],
    });
    renderApp(`/admin/resources/publication-requests/show/${REQUEST}`, {
      me: publisher(),
      handlers: server.handlers,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse the request' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', {
      name: 'Refuse the publication of “Switch adapter for a toy”',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Say why the publication is refused.')).toBeTruthy();
    expect(server.writes).toHaveLength(0);

    const reason = within(dialog).getByLabelText(/Reason for the refusal/);
    await userEvent.type(reason, 'Add pictures of the switch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(server.writes).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(statusValue()).toBe('Refused'), AFTER_COMMAND);
    expect(server.writes.at(-1)!.body).toEqual({
      data: { type: 'publication-requests', attributes: { refuseReason: 'Add pictures of the switch' } },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Add pictures of the switch', { selector: 'dd' })).toBeTruthy();
  });

  it('offers no decision to its author, who may still open the item', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp(`/admin/resources/publication-requests/show/${REQUEST}`, {
      me: contributor(),
      handlers: server.handlers,
    });
    await screen.findByRole('link', { name: 'Open the item “Switch adapter for a toy”' }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: 'Accept the request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuse the request' })).toBeNull();
  });

  it('lists the pending requests first', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/resources/publication-requests/index', { me: publisher(), handlers: server.handlers });
    await screen.findByRole('table', { name: /Publication requests/ }, FIRST_RENDER);
    expect(server.reads.at(-1)!.url.searchParams.get('filter[status]')).toBe('pending');
  });

  it('lists them all when "any" status is chosen', async () => {
    consentDecided();
    const again = fakeServer();
    renderApp('/admin/resources/publication-requests/index?f.status=any', {
      me: publisher(),
      handlers: again.handlers,
    });
    await screen.findByRole('table', { name: /Publication requests/ }, FIRST_RENDER);
    expect(again.reads.at(-1)!.url.searchParams.has('filter[status]')).toBe(false);
  });
});

describe('a publication item in the back office', () => {
  it('its author requests its publication, then reads the pending request', async () => {
    consentDecided();
    const server = fakeServer();
    server.state.pending = false;
    renderApp(`/admin/resources/blog-posts/show/${ITEM}`, { me: contributor(), handlers: server.handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Request publication' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', {
      name: 'Request the publication of “Switch adapter for a toy”',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByText('Say what the publication is about.')).toBeTruthy();
    expect(server.writes).toHaveLength(0);
    expect(within(dialog).getByRole('group', { name: 'Targeted publication date' })).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Ready for the blog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    const link = await screen.findByRole('link', { name: 'Open the publication request' });
    expect(link.getAttribute('href')).toBe(`/admin/resources/publication-requests/show/${REQUEST}`);
    expect(server.writes[0]!.body).toEqual({
      data: {
        type: 'publication-requests',
        attributes: { description: 'Ready for the blog', targetedPublishedAt: null },
      },
    });
    expect(server.reads.at(-1)!.url.searchParams.get('minPosition')).toBe('53');
    expect(screen.getByText(/A publication request is waiting for a decision since/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request publication' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept the request' })).toBeNull();
  });

  it('shows a 409 of the server in the dialog', async () => {
    consentDecided();
    const server = fakeServer({
      submit: [problem(409, 'conflict.publication_request_pending', 'Already pending')],
    });
    server.state.pending = false;
    renderApp(`/admin/resources/blog-posts/show/${ITEM}`, { me: contributor(), handlers: server.handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Request publication' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Ready');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'This item already has a pending publication request.',
    );
  });

  it('offers nothing to a reader who may not edit it', async () => {
    consentDecided();
    const server = fakeServer();
    server.state.pending = false;
    const handlers = [
      route('GET', `/api/v1/blog-posts/${ITEM}`, () => fakeJson(200, { data: blogPost({ canEdit: false }) })),
      ...server.handlers,
    ];
    renderApp(`/admin/resources/blog-posts/show/${ITEM}`, { me: contributor(), handlers });
    await screen.findByRole('heading', { level: 1, name: /Switch adapter for a toy/ }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: 'Request publication' })).toBeNull();
  });

  it('a publisher decides its pending request there', async () => {
    consentDecided();
    const decided = fakeServer();
    renderApp(`/admin/resources/blog-posts/show/${ITEM}`, { me: publisher(), handlers: decided.handlers });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the request' }, FIRST_RENDER));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Open the publication request' })).toBeNull(),
    );
    expect(decided.writes.map((w) => w.url.pathname)).toEqual([`${REQUESTS}/${REQUEST}/accept`]);
    expect(await screen.findByText(/^Published on /)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Publication' })),
    );
  });
});
