import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consentDecided, meDocument } from '../../kit/admin/admin-testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  ASSERTION_ID,
  ISSUER_ID,
  OTHER_SESSION_ID,
  SESSION_ID,
  sessionDocument,
  sessionResource,
  written,
} from './testing.ts';

const LIST = '/api/v1/services/open-badges/sessions';
const ONE = `${LIST}/${SESSION_ID}`;
const DESK = '/admin/open-badges/sessions';
const DESK_PAGE = `${DESK}/${SESSION_ID}`;
const FIRST = { timeout: 25_000 };

function deskServer(options: {
  list?: unknown[];
  one?: Array<() => Response>;
  action?: (request: FakeRequest) => Response;
  assertion?: (request: FakeRequest) => Response;
}) {
  const sent: FakeRequest[] = [];
  const reads = [...(options.one ?? [])];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (path === LIST && request.method === 'GET') {
      sent.push(request);
      const data = options.list ?? [];
      return fakeJson(200, {
        data,
        meta: { total: data.length, page: { number: 1, size: 25, totalPages: 1 } },
      });
    }
    if (path === ONE && request.method === 'GET') {
      sent.push(request);
      return (reads.length > 1 ? reads.shift()! : reads[0]!)();
    }
    if (path === `${ONE}/actions` && request.method === 'POST') {
      sent.push(request);
      return options.action?.(request) ?? fakeJson(500, {});
    }
    if (path === `${ONE}/assertion` && request.method === 'POST') {
      sent.push(request);
      return options.assertion?.(request) ?? fakeJson(500, {});
    }
    return undefined;
  };
  return { handler, sent };
}

/**
 * A member with no role acting as the issuer organization (the desk's usual viewer), whose weight (300 by default)
 * meets the environment's issuer threshold (member_level_1, 300) or not.
 */
function issuerMe(weight = 300) {
  const me = meDocument({ roles: [] });
  (me.data.relationships as Record<string, unknown>).actingAsOrganization = {
    data: { type: 'organizations', id: ISSUER_ID },
  };
  return { ...me, meta: { effectiveAccessWeight: weight } };
}

function open(path: string, server: ReturnType<typeof deskServer>, me: unknown = issuerMe()) {
  consentDecided();
  return renderApp(path, {
    me,
    environment: { openBadgeIssuerAccessLevel: 'member_level_1' },
    features: { validationRequests: false },
    handlers: [server.handler],
  });
}

const posted = (server: ReturnType<typeof deskServer>) =>
  server.sent
    .filter((r) => r.method === 'POST')
    .map((r) => [
      r.url.pathname.split('/').at(-1),
      (r.body as { data: { attributes: unknown } }).data.attributes,
    ]);
const issuerAllowed = (
  status: Parameters<typeof sessionResource>[0],
  allowed: Parameters<typeof sessionResource>[1] = {},
) => fakeJson(200, sessionDocument(status, { ...allowed }));

describe('the issuer’s training sessions', () => {
  it('filters by status with the keyboard and opens a session', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      list: [
        sessionResource('requested', { allowed: ['accept', 'refuse'] }),
        sessionResource('finished', { id: OTHER_SESSION_ID, memberName: 'Rosa Learner' }),
      ],
    });
    open(DESK, server);
    await screen.findByRole('heading', { level: 1, name: 'Training sessions' }, FIRST);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Marc Member Wheelchair seating Requested/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Rosa Learner Wheelchair seating Finished/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Marc Member' }).getAttribute('href')).toBe(DESK_PAGE);
    screen.getByRole('button', { name: /^Any Status/ }).focus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    within(listbox).getByRole('option', { name: 'Finished' });
    // Any, Requested, Accepted, Refused, In progress, Finished
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(server.sent.at(-1)!.url.searchParams.get('filter[status]')).toBe('finished'));
  });

  it('is the issuers’ and administrators’ only: another member is sent to the unauthorized screen', async () => {
    const server = deskServer({});
    const { location } = open(DESK, server, meDocument({ roles: ['contributor'] }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/unauthorized'), FIRST);
    expect(server.sent).toHaveLength(0);
  });

  it('is not a member’s whose acting organization is under the issuers’ threshold', async () => {
    const server = deskServer({});
    const { location } = open(DESK, server, issuerMe(200));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/unauthorized'), FIRST);
    expect(server.sent).toHaveLength(0);
  });

  it('nor the page of one of its sessions', async () => {
    const server = deskServer({});
    const { location } = open(DESK_PAGE, server, issuerMe(200));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/unauthorized'), FIRST);
    expect(server.sent).toHaveLength(0);
  });

  it('an administrator opens it without acting as an organization', async () => {
    const server = deskServer({ list: [] });
    open(DESK, server, meDocument({ roles: ['admin'] }));
    expect(await screen.findByText('No training session.', undefined, FIRST)).toBeTruthy();
  });
});

describe('the issuer’s training session page', () => {
  it('accepts by keyboard, reads the session again at the write’s position, and says it is done', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [
        () => issuerAllowed('requested', { allowed: ['accept', 'refuse'] }),
        () => issuerAllowed('accepted', { allowed: [] }),
      ],
      action: () => fakeJson(200, { ...sessionDocument('accepted'), meta: { position: '61' } }),
    });
    open(DESK_PAGE, server);
    await screen.findByRole('heading', { level: 1, name: 'Training session' }, FIRST);
    const facts = document.querySelector<HTMLElement>('dl[aria-label="The session"]')!;
    expect(within(facts).getByText('Marc Member')).toBeTruthy();
    expect(within(facts).getByText('Requested')).toBeTruthy();
    // only what the session allows now is offered
    expect(screen.queryByRole('heading', { name: 'Issue the badge' })).toBeNull();
    screen.getByRole('button', { name: 'Accept' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('The request is accepted.')).toBeTruthy();
    await waitFor(() => expect(within(document.querySelector('dl')!).getByText('Accepted')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(posted(server)).toEqual([['actions', { action: 'accept' }]]);
    const reads = server.sent.filter((r) => r.method === 'GET');
    expect(reads.at(-1)!.url.searchParams.get('minPosition')).toBe('61');
  });

  it('refuses only with a reason, from a dialog', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [
        () => issuerAllowed('requested', { allowed: ['accept', 'refuse'] }),
        () => issuerAllowed('refused', { allowed: [], refusedReason: 'The group is full' }),
      ],
      action: () => fakeJson(200, { ...sessionDocument('refused'), meta: { position: '62' } }),
    });
    open(DESK_PAGE, server);
    await user.click(await screen.findByRole('button', { name: 'Refuse' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the training request' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Give the reason of the refusal.')).toBeTruthy();
    expect(posted(server)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The group is full');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(posted(server)).toEqual([['actions', { action: 'refuse', reason: 'The group is full' }]]),
    );
    expect(await screen.findByText('The request is refused.')).toBeTruthy();
    await screen.findByText('The group is full');
  });

  it('issues the assertion with the member’s name prefilled and the evidence', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [
        () => issuerAllowed('finished', { allowed: ['issue-assertion'] }),
        () => issuerAllowed('awarded', { allowed: [] }),
      ],
      assertion: () => fakeJson(201, written('open-badge-assertions', ASSERTION_ID, '70')),
    });
    open(DESK_PAGE, server);
    const name = await screen.findByRole('textbox', { name: /Recipient name/ }, FIRST);
    expect((name as HTMLInputElement).value).toBe('Marc Member');
    expect(screen.getByText('Training time')).toBeTruthy();
    expect(screen.getByText('90 minutes')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Marc A. Member');
    await user.type(screen.getByRole('textbox', { name: /Evidence/ }), 'Fitted two seats under supervision');
    screen.getByRole('button', { name: 'Issue the badge' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(posted(server)).toEqual([
        ['assertion', { recipientName: 'Marc A. Member', evidence: 'Fitted two seats under supervision' }],
      ]),
    );
    expect(await screen.findByText('The badge is issued.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Recipient name/ })).toBeNull());
    expect(
      server.sent
        .filter((r) => r.method === 'GET')
        .at(-1)!
        .url.searchParams.get('minPosition'),
    ).toBe('70');
  });

  it('a conflict is said and the session read again, showing what it offers now', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [
        () => issuerAllowed('requested', { allowed: ['accept', 'refuse'] }),
        () => issuerAllowed('accepted', { allowed: [] }),
      ],
      action: () =>
        fakeJson(409, {
          errors: [
            {
              status: '409',
              code: 'conflict.open_badge_session_state',
              detail: 'The session is already accepted',
            },
          ],
        }),
    });
    open(DESK_PAGE, server);
    await user.click(await screen.findByRole('button', { name: 'Accept' }, FIRST));
    const said = await screen.findByText(
      /^This step is not possible in the training session as it is now: it was already decided/,
    );
    expect(said.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(within(document.querySelector('dl')!).getByText('Accepted')).toBeTruthy();
  });
});
