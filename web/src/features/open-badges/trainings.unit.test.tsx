import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { consentDecided, meDocument } from '../../kit/admin/admin-testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  ASSERTION_ID,
  BADGE_ID,
  badgeDocument,
  ISSUER_ID,
  ISSUER_SLUG,
  issuerDocument,
  SESSION_ID,
  sessionDocument,
  written,
} from './testing.ts';

const SESSIONS = '/api/v1/services/open-badges/sessions';
const ONE = `${SESSIONS}/${SESSION_ID}`;
const ACTIONS = `${ONE}/actions`;
const START_PAGE = `/open-badge-trainings/start/${ISSUER_SLUG}/${BADGE_ID}`;
const SESSION_PAGE = `/open-badge-trainings/${SESSION_ID}`;
const FIRST = { timeout: 25_000 };

/** The training's reads and writes as the API answers them; what was sent is kept. */
function trainingServer(options: {
  one?: Array<() => Response>;
  create?: (request: FakeRequest) => Response;
  action?: (request: FakeRequest) => Response;
}) {
  const sent: FakeRequest[] = [];
  const reads = [...(options.one ?? [])];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (path === `/api/v1/open-badges/${BADGE_ID}`) return fakeJson(200, badgeDocument());
    if (path === `/api/v1/organizations/${ISSUER_SLUG}`) return fakeJson(200, issuerDocument());
    if (path === SESSIONS && request.method === 'POST') {
      sent.push(request);
      return options.create?.(request) ?? fakeJson(500, {});
    }
    if (path === ONE && request.method === 'GET') {
      sent.push(request);
      return (reads.length > 1 ? reads.shift()! : reads[0]!)();
    }
    if (path === ACTIONS && request.method === 'POST') {
      sent.push(request);
      return options.action?.(request) ?? fakeJson(500, {});
    }
    return undefined;
  };
  return { handler, sent };
}

function open(path: string, server: ReturnType<typeof trainingServer>, me: unknown = meDocument()) {
  consentDecided();
  return renderApp(path, { me, handlers: [server.handler] });
}

const attributesPosted = (server: ReturnType<typeof trainingServer>) =>
  server.sent
    .filter((r) => r.method === 'POST')
    .map((r) => (r.body as { data: { attributes: unknown } }).data.attributes);
const reads = (server: ReturnType<typeof trainingServer>) =>
  server.sent.filter((r) => r.method === 'GET' && r.url.pathname === ONE);

describe('the training’s request page', () => {
  it('shows the badge and its modules; the request is sent by keyboard and the session page follows', async () => {
    const user = userEvent.setup();
    const server = trainingServer({
      create: () => fakeJson(201, written('open-badge-training-sessions', SESSION_ID, '31')),
      one: [() => fakeJson(200, sessionDocument('requested'))],
    });
    const { location } = open(START_PAGE, server);
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Training for the badge Wheelchair seating' },
      FIRST,
    );
    expect(screen.getByRole('img', { name: 'A seated figure' }).getAttribute('src')).toBe(
      '/files/seating-preview.png',
    );
    expect(screen.getByText('Issued by Assistive Lab')).toBeTruthy();
    expect(screen.getByText('Once awarded, the badge is valid for 365 days.')).toBeTruthy();
    expect(screen.getByText('Check the pressure points.')).toBeTruthy();
    const modules = screen.getByRole('list', { name: 'Modules' });
    expect(
      within(modules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Seating basics', 'Pressure care', 'Final check']);
    screen.getByRole('button', { name: 'Request this training' }).focus();
    await user.keyboard('{Enter}');
    // the issuer named by its slug in the path is sent by its id
    await waitFor(() =>
      expect(attributesPosted(server)).toEqual([{ badgeId: BADGE_ID, issuerId: ISSUER_ID }]),
    );
    await waitFor(() => expect(location.history?.at(-1)).toBe(`${SESSION_PAGE}?minPosition=31`));
    await screen.findByRole('heading', { level: 2, name: 'Waiting for the issuer' });
    expect(reads(server)[0]!.url.searchParams.get('minPosition')).toBe('31');
  });

  it('a refusal of the request is said on the page, and nothing moves', async () => {
    const user = userEvent.setup();
    const server = trainingServer({
      create: () =>
        fakeJson(422, {
          errors: [
            {
              status: '422',
              code: 'validation.open_badge_issuer_level',
              detail: 'The organization’s access level does not reach the level that issues open badges',
              source: { pointer: '/data/attributes/issuerId' },
            },
          ],
        }),
    });
    const { location } = open(START_PAGE, server);
    await user.click(await screen.findByRole('button', { name: 'Request this training' }, FIRST));
    // the server's code, worded by the web (not the server's English detail)
    const said = await screen.findByText(
      'This organization may not issue open badges: its access level is under the level that issues them.',
    );
    expect(said.closest('[role="alert"]')).toBeTruthy();
    expect(location.history?.at(-1)).toBe(START_PAGE);
  });

  it('needs a verified e-mail', async () => {
    const server = trainingServer({});
    const me = meDocument();
    (me.data.attributes as { emailVerifiedAt: string | null }).emailVerifiedAt = null;
    const { location } = open(START_PAGE, server, me);
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/verify/), FIRST);
    expect(server.sent).toEqual([]);
  });
});

describe('the training session page', () => {
  it('hears the issuer’s acceptance when the window regains focus, then goes through a module by keyboard', async () => {
    const user = userEvent.setup();
    const server = trainingServer({
      one: [
        () => fakeJson(200, sessionDocument('requested')),
        () => fakeJson(200, sessionDocument('accepted')),
        () => fakeJson(200, sessionDocument('in_progress', { started: true })),
        () => fakeJson(200, sessionDocument('in_progress', { finished: 1 })),
      ],
      action: (request) =>
        fakeJson(200, {
          ...sessionDocument('in_progress'),
          meta: {
            position:
              (request.body as { data: { attributes: { action: string } } }).data.attributes.action ===
              'start-module'
                ? '50'
                : '51',
          },
        }),
    });
    open(SESSION_PAGE, server);
    await screen.findByRole('heading', { level: 2, name: 'Waiting for the issuer' }, FIRST);
    expect(screen.getByText(/Assistive Lab has your request/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start module/ })).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const accepted = await screen.findByRole('heading', { level: 2, name: 'Request accepted' });
    // the new step takes the focus and is said
    await waitFor(() => expect(document.activeElement).toBe(accepted));
    expect(
      within(screen.getAllByRole('status').find((s) => s.textContent)!).getByText('Request accepted'),
    ).toBeTruthy();

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start module 1' }));
    await user.keyboard('{Enter}');
    const reading = await screen.findByRole('heading', { level: 2, name: 'Module 1: Seating basics' });
    await waitFor(() => expect(document.activeElement).toBe(reading));
    expect(screen.getByText('Content of Seating basics.')).toBeTruthy();
    expect(screen.getByText('Module started.')).toBeTruthy();
    expect(reads(server).at(-1)!.url.searchParams.get('minPosition')).toBe('50');

    screen.getByRole('button', { name: 'Finish module 1' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 2, name: 'Module 2: Pressure care' });
    const progress = screen.getByRole('progressbar', { name: 'Progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuetext')).toBe('1 of 3 modules finished');
    expect(screen.getByRole('button', { name: 'Start module 2' })).toBeTruthy();
    expect(attributesPosted(server)).toEqual([
      { action: 'start-module', position: 1 },
      { action: 'finish-module', position: 1 },
    ]);
  });

  it('a conflict reads the session again and says the training changed', async () => {
    const user = userEvent.setup();
    const server = trainingServer({
      one: [
        () => fakeJson(200, sessionDocument('accepted')),
        () => fakeJson(200, sessionDocument('refused', { refusedReason: 'The group is full' })),
      ],
      action: () =>
        fakeJson(409, {
          errors: [
            { status: '409', code: 'conflict.open_badge_session_state', detail: 'The session is refused' },
          ],
        }),
    });
    open(SESSION_PAGE, server);
    await user.click(await screen.findByRole('button', { name: 'Start module 1' }, FIRST));
    await screen.findByRole('heading', { level: 2, name: 'Request refused' });
    const alert = screen
      .getByText(/^This step is not possible in the training session as it is now/)
      .closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(/The training changed in the meantime/)).toBeTruthy();
    expect(screen.getByText('The group is full')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Start module/ })).toBeNull();
  });

  it('an awarded session links to the badge’s public page and to the member’s badges', async () => {
    const server = trainingServer({ one: [() => fakeJson(200, sessionDocument('awarded'))] });
    open(SESSION_PAGE, server);
    await screen.findByRole('heading', { level: 2, name: 'Badge awarded' }, FIRST);
    expect(
      screen.getByText('Congratulations: Assistive Lab awarded you the badge Wheelchair seating.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the badge’s public page' }).getAttribute('href')).toBe(
      `/open-badges/assertions/${ASSERTION_ID}`,
    );
    expect(screen.getByRole('link', { name: 'My open badges' }).getAttribute('href')).toBe(
      '/account/profile/open-badges',
    );
    expect(screen.getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuetext')).toBe(
      '3 of 3 modules finished',
    );
  });

  it('a session that does not exist is the not-found screen', async () => {
    const server = trainingServer({
      one: [() => fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] })],
    });
    const { location } = open(SESSION_PAGE, server);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/not-found'), FIRST);
  });
});
