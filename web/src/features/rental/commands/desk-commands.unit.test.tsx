import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentDecided, meDocument } from '../../../kit/admin/admin-testing.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { daysFromToday, rentalServer } from '../testing.ts';
import {
  COMMAND_ID,
  commandDocument,
  DONE_AT,
  FakeXhr,
  commandResource,
  historyDocument,
  ITEM_2_ID,
  ITEM_ID,
  LINE_ID,
  MODEL_ID,
  stepsAt,
} from './testing.ts';

const PERIOD = { startAt: daysFromToday(10), endAt: daysFromToday(20) };
const LIST = '/api/v1/services/rentals/commands';
const ONE = `${LIST}/${COMMAND_ID}`;
const DESK_PAGE = `/admin/rental/commands/${COMMAND_ID}`;

const FREE_ITEMS = [
  {
    type: 'rental-items',
    id: ITEM_ID,
    attributes: { stockId: 'WCH-001', condition: 'Good', conditionValue: 80 },
  },
  {
    type: 'rental-items',
    id: ITEM_2_ID,
    attributes: { stockId: 'WCH-002', condition: null, conditionValue: null },
  },
];

function deskServer(options: {
  list?: unknown[];
  one?: Array<() => Response>;
  action?: (request: FakeRequest) => Response;
}) {
  const sent: FakeRequest[] = [];
  const reads = [...(options.one ?? [])];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    if (path === LIST) {
      sent.push(request);
      const data = options.list ?? [];
      return fakeJson(200, {
        data,
        meta: { total: data.length, page: { number: 1, size: 25, totalPages: 1 } },
      });
    }
    if (path === ONE) {
      sent.push(request);
      return (reads.length > 1 ? reads.shift()! : reads[0]!)();
    }
    if (path === `${ONE}/history`) return fakeJson(200, historyDocument());
    if (path === `${ONE}/free-items`) {
      sent.push(request);
      return fakeJson(200, { data: FREE_ITEMS, meta: { total: FREE_ITEMS.length } });
    }
    if (path === `${ONE}/actions` && request.method === 'POST') {
      sent.push(request);
      return options.action?.(request) ?? fakeJson(500, {});
    }
    return undefined;
  };
  return { handler, sent };
}

function open(path: string, server: ReturnType<typeof deskServer>, roles = ['rental_admin']) {
  consentDecided();
  return renderApp(path, { me: meDocument({ roles }), handlers: [server.handler, rentalServer().handler] });
}

const accepted = (position: string) =>
  fakeJson(201, { data: { type: 'rental-commands', id: COMMAND_ID }, meta: { position, version: '4' } });
const posted = (server: ReturnType<typeof deskServer>) =>
  server.sent
    .filter((r) => r.method === 'POST')
    .map((r) => (r.body as { data: { attributes: unknown } }).data.attributes);

describe('the rental desk’s commands', () => {
  it('filters by derived status with the keyboard and opens a command', async () => {
    const user = userEvent.setup();
    const server = deskServer({ list: [commandResource(stepsAt('validation'), PERIOD)] });
    open('/admin/rental/commands', server);
    await screen.findByRole('heading', { level: 1, name: 'Rental commands' }, { timeout: 25_000 });
    // the flag on the row (the filter's hidden select, once its code loads, holds an option of that name too)
    await screen.findByText('To validate', { ignore: 'script, style, option' });
    const status = screen.getByRole('button', { name: /^Any Status/ });
    status.focus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    within(listbox).getByRole('option', { name: 'Coming' });
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(server.sent.at(-1)!.url.searchParams.get('filter[status]')).toBe('coming'));
    const link = await screen.findByRole('link', { name: /–/ });
    expect(link.getAttribute('href')).toBe(DESK_PAGE);
  });

  it('is the rental desk’s only: another member is sent to the unauthorized screen', async () => {
    const server = deskServer({});
    const { location } = open('/admin/rental/commands', server, ['contributor']);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/unauthorized'), { timeout: 25_000 });
    expect(server.sent).toHaveLength(0);
  });
});

describe('the rental desk’s command page', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the signed contract for the member at the contract step; the documents download', async () => {
    const user = userEvent.setup();
    const FILE_ID = 'f1000000-0000-4000-8000-0000000000d1';
    const server = deskServer({
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
      action: () => accepted('70'),
    });
    open(DESK_PAGE, server);
    const documents = await screen.findByRole('region', { name: 'Documents' }, { timeout: 25_000 });
    expect(
      within(documents).getByRole('link', { name: 'Download the contract (PDF)' }).getAttribute('href'),
    ).toBe(`${ONE}/contract`);
    expect(
      within(documents).getByRole('link', { name: 'Download the invoice (PDF)' }).getAttribute('href'),
    ).toBe(`${ONE}/invoice`);
    const contractStep = document.querySelector<HTMLElement>('li[data-step="contract"]')!;
    within(contractStep).getByRole('group', { name: 'Signed contract' });
    const input = contractStep.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF-1.4'], 'signed.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/v1/services/files');
    expect((FakeXhr.sent[0]!.body as FormData).get('isPublic')).toBe('false');
    act(() =>
      FakeXhr.sent[0]!.respond(201, {
        data: { type: 'files', id: FILE_ID, attributes: { name: 'signed.pdf' } },
      }),
    );
    await waitFor(() => expect(posted(server)).toEqual([{ action: 'uploadContract', fileId: FILE_ID }]));
    // read again at the action's position: the contract now waits for the desk's check
    expect(await screen.findByRole('button', { name: 'Accept the contract' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the signed contract' }).getAttribute('href')).toBe(
      `${ONE}/signed-contract`,
    );
  });

  it('validates by keyboard, reads the command again, and shows who did which step when', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [
        () => fakeJson(200, commandDocument(stepsAt('validation'), PERIOD)),
        () => fakeJson(200, commandDocument(stepsAt('contract'), PERIOD)),
      ],
      action: () => accepted('55'),
    });
    open(DESK_PAGE, server);
    expect(await screen.findByText('Current step: validation', undefined, { timeout: 25_000 })).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByRole('row', { name: /Rita Desk Validated — Checked/ })).toBeTruthy();
    expect(within(history).getByRole('row', { name: /Marc Member Command placed/ })).toBeTruthy();
    // only what the command allows now is offered
    expect(screen.queryByRole('button', { name: 'Record the payment' })).toBeNull();
    screen.getByRole('button', { name: 'Validate' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Current step: contract')).toBeTruthy();
    expect(screen.getByText('Done: Validate')).toBeTruthy();
    expect(posted(server)).toEqual([{ action: 'validate' }]);
    expect(
      server.sent
        .filter((r) => r.url.pathname === ONE)
        .at(-1)!
        .url.searchParams.get('minPosition'),
    ).toBe('55');
  });

  it('shows the server’s refusal on the step it concerns', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [() => fakeJson(200, commandDocument(stepsAt('payment'), PERIOD))],
      action: () =>
        fakeJson(422, {
          errors: [{ status: '422', code: 'validation.invalid', detail: 'The payment reference is missing' }],
        }),
    });
    open(DESK_PAGE, server);
    const record = await screen.findByRole('button', { name: 'Record the payment' }, { timeout: 25_000 });
    await user.click(record);
    const refusal = await screen.findByText('The payment reference is missing');
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    expect(refusal.closest('li')!.getAttribute('data-step')).toBe('payment');
  });

  it('puts a step in error with a required comment, from a dialog', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [
        () => fakeJson(200, commandDocument(stepsAt('payment'), PERIOD)),
        () => fakeJson(200, commandDocument(stepsAt('payment', { status: 'error' }), PERIOD)),
      ],
      action: () => accepted('60'),
    });
    open(DESK_PAGE, server);
    await screen.findByText('Current step: payment', undefined, { timeout: 25_000 });
    const payment = document.querySelector<HTMLElement>('li[data-step="payment"]')!;
    await user.click(within(payment).getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Problem on the Payment step' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // a comment is required: nothing is sent without one
    expect(posted(server)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Card refused');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(posted(server)).toEqual([{ action: 'failStep', stepType: 'payment', comment: 'Card refused' }]),
    );
    await waitFor(() =>
      expect(document.querySelector('li[data-step="payment"]')!.getAttribute('data-status')).toBe('error'),
    );
  });

  it('assigns an item picked by keyboard among the model’s free items; one taken meanwhile is said on the field', async () => {
    const user = userEvent.setup();
    const server = deskServer({
      one: [() => fakeJson(200, commandDocument(stepsAt('preparation'), PERIOD))],
      action: () =>
        fakeJson(409, {
          errors: [
            {
              status: '409',
              code: 'conflict.rental_item_taken',
              detail: 'This item is assigned to another command',
              source: { pointer: '/data/attributes/itemId' },
            },
          ],
        }),
    });
    open(DESK_PAGE, server);
    const items = await screen.findByRole('table', { name: 'Items' }, { timeout: 25_000 });
    const box = within(items).getByRole('combobox', { name: 'Item' });
    // the free items of the line's model, for the command's period
    await waitFor(() =>
      expect(
        server.sent.find((r) => r.url.pathname === `${ONE}/free-items`)?.url.searchParams.get('model'),
      ).toBe(MODEL_ID),
    );
    const assign = within(items).getByRole('button', { name: 'Assign' });
    expect(assign.hasAttribute('disabled') || assign.getAttribute('aria-disabled') === 'true').toBe(true);
    box.focus();
    await user.keyboard('002');
    const listbox = await screen.findByRole('listbox');
    // typing narrows the list by stock id; each choice says its condition
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['WCH-002condition not given']);
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2));
    expect(
      within(screen.getByRole('listbox')).getByRole('option', { name: /WCH-001/ }).textContent,
    ).toContain('Good');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('WCH-001'));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(posted(server)).toEqual([{ action: 'assignItem', commandItemId: LINE_ID, itemId: ITEM_ID }]),
    );
    // the refusal is on the item box itself, in the reader's words
    const refusal = await within(items).findByText(
      'This item is with another command on some of these days: choose another item.',
    );
    const input = screen.getByRole('combobox', { name: 'Item' });
    expect(input.hasAttribute('data-invalid')).toBe(true);
    expect(refusal.closest('[data-invalid]')!.contains(input)).toBe(true);
  });

  it('a command that does not exist is the not-found screen', async () => {
    const server = deskServer({
      one: [() => fakeJson(404, { errors: [{ status: '404', code: 'not_found' }] })],
    });
    const { location } = open(DESK_PAGE, server);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/errors/not-found'), { timeout: 25_000 });
  });
});
