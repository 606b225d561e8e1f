import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meDocument } from '../../accounts/profile/testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { daysFromToday, rentalServer, storeCheckout } from '../testing.ts';
import {
  COMMAND_ID,
  commandDocument,
  commandResource,
  DONE_AT,
  FakeXhr,
  OTHER_COMMAND_ID,
  stepsAt,
} from './testing.ts';

const FILE_ID = 'f1000000-0000-4000-8000-000000000001';
const PERIOD = { startAt: daysFromToday(10), endAt: daysFromToday(20) };
const LIST = '/api/v1/services/rentals/commands';
const ONE = `${LIST}/${COMMAND_ID}`;
const ACTIONS = `${ONE}/actions`;

/** The commands' reads and actions, as the API answers them; what was sent is kept. */
function commandsServer(options: {
  list?: unknown[];
  one?: Array<() => Response>;
  action?: (request: FakeRequest) => Response;
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
    if (path === ACTIONS && request.method === 'POST') {
      sent.push(request);
      return options.action?.(request) ?? fakeJson(500, {});
    }
    return undefined;
  };
  return { handler, sent };
}

function open(path: string, server: ReturnType<typeof commandsServer>) {
  storeCheckout({});
  return renderApp(path, { me: meDocument(), handlers: [server.handler, rentalServer().handler] });
}

const accepted = (position: string) =>
  fakeJson(201, { data: { type: 'rental-commands', id: COMMAND_ID }, meta: { position, version: '4' } });

describe('the member’s rental commands', () => {
  it('lists each command with its period, models, status in words, flags and dated alerts; Enter opens one', async () => {
    const user = userEvent.setup();
    const server = commandsServer({
      list: [
        commandResource(stepsAt('contract'), PERIOD),
        commandResource(stepsAt('payment', { cancelled: true }), { ...PERIOD, id: OTHER_COMMAND_ID }),
      ],
      one: [() => fakeJson(200, commandDocument(stepsAt('contract'), PERIOD))],
    });
    const { location } = open('/services/rentals/commands', server);
    await screen.findByRole('heading', { level: 1, name: 'My rentals' }, { timeout: 25_000 });
    const flag = await screen.findByText('Contract expected');
    const first = flag.closest('ul')!.closest('li')!;
    // the derived status is said in words beside its colour
    expect(within(first).getByText('Coming')).toBeTruthy();
    expect(await within(first).findByText('2 × Folding wheelchair')).toBeTruthy();
    // seed 001 §4: 7 days after the validation's done date
    expect(within(first).getByText('The signed contract is expected by March 9, 2026.')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();

    const links = screen
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')?.startsWith(LIST.slice(7)));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/services/rentals/commands/${COMMAND_ID}`,
      `/services/rentals/commands/${OTHER_COMMAND_ID}`,
    ]);
    links[0]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/services/rentals/commands/${COMMAND_ID}`));
    await screen.findByRole('heading', { level: 1, name: 'Rental' });
  });

  it('a failed list read says so with a way to try again', async () => {
    const server = commandsServer({});
    const failing = (request: FakeRequest) =>
      request.url.pathname === LIST
        ? fakeJson(429, { errors: [{ status: '429', code: 'rate_limited' }] })
        : undefined;
    storeCheckout({});
    renderApp('/services/rentals/commands', { me: meDocument(), handlers: [failing, server.handler] });
    const said = await screen.findByText('The rental could not be loaded.', undefined, { timeout: 25_000 });
    const alert = said.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('the member’s rental command', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the steps in order with status and date in words, the items and the amounts in euros', async () => {
    const server = commandsServer({
      one: [() => fakeJson(200, commandDocument(stepsAt('contract'), PERIOD))],
    });
    open(`/services/rentals/commands/${COMMAND_ID}`, server);
    const steps = await screen.findByRole('list', { name: 'Steps' }, { timeout: 25_000 });
    const rows = within(steps).getAllByRole('listitem');
    // the hidden hand-over step (retrieval, for a shipped command) is left out
    expect(rows.map((li) => li.getAttribute('data-step'))).toEqual([
      'validation',
      'contract',
      'payment',
      'preparation',
      'delivery',
      'return',
      'closure',
    ]);
    expect(rows[0]!.textContent).toContain('ValidationDoneon March 2, 2026');
    expect(rows[1]!.textContent).toContain('ContractIn progresswaiting for action');
    expect(rows[2]!.textContent).toContain('PaymentNot startedcomes later');
    const amounts = screen.getByRole('table', { name: 'Amounts' });
    expect(within(amounts).getByRole('row', { name: 'Total €102.00' })).toBeTruthy();
    expect(within(amounts).getByRole('row', { name: 'Shipping €15.00' })).toBeTruthy();
    const items = screen.getByRole('table', { name: 'Items' });
    expect(await within(items).findByRole('row', { name: 'Folding wheelchair 2' })).toBeTruthy();
  });

  it('uploads the signed contract with its progress, sends it, and reads the command again at its position', async () => {
    const user = userEvent.setup();
    const server = commandsServer({
      one: [
        () => fakeJson(200, commandDocument(stepsAt('contract'), PERIOD)),
        () =>
          fakeJson(
            200,
            commandDocument(stepsAt('contract', { doneAt: DONE_AT }), {
              ...PERIOD,
              signedContractFileId: FILE_ID,
            }),
          ),
      ],
      action: () => accepted('31'),
    });
    open(`/services/rentals/commands/${COMMAND_ID}`, server);
    await screen.findByRole('group', { name: 'Signed contract' }, { timeout: 25_000 });
    // the contract to sign and the invoice, made by the server; no signed contract yet
    const documents = screen.getByRole('region', { name: 'Documents' });
    const contract = within(documents).getByRole('link', { name: 'Download the contract (PDF)' });
    expect(contract.getAttribute('href')).toBe(`${ONE}/contract`);
    expect(contract.getAttribute('download')).toBe(`rental-contract-${COMMAND_ID}.pdf`);
    const invoice = within(documents).getByRole('link', { name: 'Download the invoice (PDF)' });
    expect(invoice.getAttribute('href')).toBe(`${ONE}/invoice`);
    expect(within(documents).queryByRole('link', { name: 'Open the signed contract' })).toBeNull();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/v1/services/files');
    // a signed contract is never public: its command serves it to its member and the desk
    expect((FakeXhr.sent[0]!.body as FormData).get('isPublic')).toBe('false');
    expect(screen.getByRole('progressbar', { name: 'Sending contract.pdf' })).toBeTruthy();
    act(() =>
      FakeXhr.sent[0]!.respond(201, {
        data: { type: 'files', id: FILE_ID, attributes: { name: 'contract.pdf' } },
      }),
    );
    expect(await screen.findByText('The signed contract was sent.')).toBeTruthy();
    const post = server.sent.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({
      data: { type: 'rental-command-actions', attributes: { action: 'uploadContract', fileId: FILE_ID } },
    });
    await waitFor(() =>
      expect(
        server.sent
          .filter((r) => r.url.pathname === ONE)
          .at(-1)!
          .url.searchParams.get('minPosition'),
      ).toBe('31'),
    );
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Flags' }).textContent).toContain('Contract to check'),
    );
    const signed = await screen.findByRole('link', { name: 'Open the signed contract' });
    expect(signed.getAttribute('href')).toBe(`${ONE}/signed-contract`);
  });

  it('cancelling asks first; the keyboard confirms; a refusal is said where the cancellation is', async () => {
    const user = userEvent.setup();
    const server = commandsServer({
      one: [() => fakeJson(200, commandDocument(stepsAt('payment'), PERIOD))],
      action: () =>
        fakeJson(409, {
          errors: [{ status: '409', code: 'conflict.state', detail: 'The preparation step is success' }],
        }),
    });
    open(`/services/rentals/commands/${COMMAND_ID}`, server);
    const cancel = await screen.findByRole('button', { name: 'Cancel the rental' }, { timeout: 25_000 });
    // the contract step does not wait for the member: no upload is offered
    expect(screen.queryByRole('group', { name: 'Signed contract' })).toBeNull();
    cancel.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this rental?' });
    expect(server.sent.some((r) => r.method === 'POST')).toBe(false);
    within(dialog).getByRole('button', { name: 'Yes, cancel it' }).focus();
    await user.keyboard('{Enter}');
    const refusal = await screen.findByText("This action is not possible in the item's current state.");
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    // the dialog is closed, the refusal is beside the cancel button
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.sent.find((r) => r.method === 'POST')!.body).toEqual({
      data: { type: 'rental-command-actions', attributes: { action: 'cancel' } },
    });
  });

  it('opened by the checkout right after the placing, it reads the command at the placing’s position', async () => {
    const server = commandsServer({
      one: [() => fakeJson(200, commandDocument(stepsAt('payment', { cancelled: true }), PERIOD))],
    });
    open(`/services/rentals/commands/${COMMAND_ID}?minPosition=4242`, server);
    expect(
      await screen.findByText('Nothing is expected from you at the moment.', undefined, { timeout: 25_000 }),
    ).toBeTruthy();
    const read = server.sent.find((r) => r.method === 'GET' && r.url.pathname.endsWith(COMMAND_ID))!;
    expect(read.url.searchParams.get('minPosition')).toBe('4242');
  });

  it('a cancelled command offers nothing', async () => {
    const server = commandsServer({
      one: [() => fakeJson(200, commandDocument(stepsAt('payment', { cancelled: true }), PERIOD))],
    });
    open(`/services/rentals/commands/${COMMAND_ID}`, server);
    expect(
      await screen.findByText('Nothing is expected from you at the moment.', undefined, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the rental' })).toBeNull();
  });

  it('another member’s command (404) is the not-found screen; a refused one (403) the unauthorized screen', async () => {
    const notFound = commandsServer({
      one: [() => fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] })],
    });
    const first = open(`/services/rentals/commands/${COMMAND_ID}`, notFound);
    await waitFor(() => expect(first.location.history?.at(-1)).toBe('/errors/not-found'), {
      timeout: 25_000,
    });
    first.unmount();
    const forbidden = commandsServer({
      one: [() => fakeJson(403, { errors: [{ status: '403', code: 'forbidden' }] })],
    });
    const second = open(`/services/rentals/commands/${COMMAND_ID}`, forbidden);
    await waitFor(
      () =>
        expect(second.location.history?.at(-1)).toBe(
          `/errors/unauthorized?redirectUrl=${encodeURIComponent(`/services/rentals/commands/${COMMAND_ID}`)}`,
        ),
      { timeout: 25_000 },
    );
  });

  it('a visitor is sent to sign in', async () => {
    const server = commandsServer({});
    storeCheckout({});
    const { location } = renderApp('/services/rentals/commands', { handlers: [server.handler] });
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/auth\/sign-in\?/), { timeout: 25_000 });
    expect(server.sent).toHaveLength(0);
  });
});
