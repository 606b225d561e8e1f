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

const REPORT = '0c9e8d7f-2a3b-4c5d-8e6f-7a8b9c0d1e2f';
const COMMENT = '6f1c2a4e-1b7d-4c39-9d0e-5a8b7c6d5e41';
const RESOLVE = `/api/v1/services/reports/${REPORT}/resolve`;

const report = (attributes: Record<string, unknown> = {}) => ({
  type: 'reports',
  id: REPORT,
  attributes: {
    reason: 'spam',
    details: 'Advertising',
    url: null,
    resolution: null,
    resolvedAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...attributes,
  },
  relationships: { reportable: { data: { type: 'comments', id: COMMENT } } },
  meta: { version: '1' },
});
const comment = {
  type: 'comments',
  id: COMMENT,
  attributes: { content: 'Buy now!', authorName: 'A member' },
  relationships: {},
};

/** The report as the server keeps it: a resolution changes it, after which the reads at its position see it. */
function fakeServer(answers: Response[] = []) {
  const state = { resolution: null as string | null };
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const handlers = [
    route(
      'GET',
      `/api/v1/reports/${REPORT}`,
      () =>
        fakeJson(200, {
          data: report(
            state.resolution ? { resolution: state.resolution, resolvedAt: '2026-11-27T08:00:00.000Z' } : {},
          ),
          included: [comment],
        }),
      reads,
    ),
    route(
      'GET',
      '/api/v1/reports',
      () => fakeJson(200, { data: [report()], included: [comment], meta: listMeta(1) }),
      reads,
    ),
    route(
      'POST',
      RESOLVE,
      (r) => {
        const next = answers.shift();
        if (next) return next;
        state.resolution = (
          r.body as { data: { attributes: { resolution: string } } }
        ).data.attributes.resolution;
        return fakeJson(200, commandAnswer('reports', REPORT, '61'));
      },
      writes,
    ),
  ];
  return { handlers, reads, writes, state };
}

const AFTER_COMMAND = { timeout: 5_000 };

describe('a report in the back office (the reports queue)', () => {
  it('is removed by a moderator with a note; the buttons leave with the unresolved report', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp(`/admin/resources/reports/show/${REPORT}`, {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    const remove = await screen.findByRole('button', { name: 'Remove the reported item' }, FIRST_RENDER);
    expect(screen.getByRole('link', { name: /^Open “/ }).getAttribute('href')).toBe(
      `/admin/resources/comments/show/${COMMENT}`,
    );
    expect(screen.getByRole('link', { name: /^History of “/ }).getAttribute('href')).toBe(
      `/admin/resources/comments/history/${COMMENT}`,
    );

    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: /^Remove “/ });
    await userEvent.type(within(dialog).getByLabelText(/Note/), 'Advertising, again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'Remove the reported item' })).toBeNull(),
      AFTER_COMMAND,
    );
    expect(server.writes.map((w) => w.body)).toEqual([
      { data: { type: 'reports', attributes: { resolution: 'removed', note: 'Advertising, again' } } },
    ]);
    await waitFor(() => expect(server.reads.at(-1)!.url.searchParams.get('minPosition')).toBe('61'));
    expect(screen.queryByRole('button', { name: 'Dismiss the report' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Moderation' })),
    );
  });

  it('shows a 409 (resolved meanwhile by another moderator) in the dialog, in the reader’s words', async () => {
    consentDecided();
    const server = fakeServer([
      fakeJson(409, {
        errors: [
          { status: '409', code: 'conflict.report_resolved', detail: 'The report is already resolved' },
        ],
      }),
    ]);
    renderApp(`/admin/resources/reports/show/${REPORT}`, {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss the report' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: /^Dismiss the report on “/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText('This report has already been dealt with.')).toBeTruthy();
    expect(server.writes.map((w) => w.body)).toEqual([
      { data: { type: 'reports', attributes: { resolution: 'dismissed', note: null } } },
    ]);
  });

  it('offers no resolution once the report is resolved', async () => {
    consentDecided();
    const resolved = fakeServer();
    resolved.state.resolution = 'dismissed';
    const { unmount } = renderApp(`/admin/resources/reports/show/${REPORT}`, {
      me: meDocument({ roles: ['admin'] }),
      handlers: resolved.handlers,
    });
    await screen.findByRole('heading', { level: 2, name: 'Moderation' }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: 'Dismiss the report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove the reported item' })).toBeNull();
    unmount();
  });

  it('opens the queue on the reports still waiting, each named by its reason in the reader’s words', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/resources/reports/index', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    const table = await screen.findByRole('table', { name: /Reports/ }, FIRST_RENDER);
    expect(server.reads.at(-1)!.url.searchParams.get('filter[resolved]')).toBe('false');
    expect(within(table).getByRole('rowheader', { name: 'Spam or advertising' })).toBeTruthy();
    expect(within(table).queryByText('spam')).toBeNull();
    expect(screen.getByRole('button', { name: /Resolved/ })).toBeTruthy();
  });

  it('lists every report when "any" is chosen for Resolved', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/resources/reports/index?f.resolved=any', {
      me: meDocument({ roles: ['admin'] }),
      handlers: server.handlers,
    });
    await screen.findByRole('table', { name: /Reports/ }, FIRST_RENDER);
    expect(server.reads.at(-1)!.url.searchParams.has('filter[resolved]')).toBe(false);
  });
});
