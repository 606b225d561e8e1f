import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { accountingServer, type FakeTransaction } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const MOVEMENTS: FakeTransaction[] = [
  {
    id: 't3',
    amount: 1500,
    operation: 'credit',
    comment: 'Top-up at the desk',
    createdAt: '2026-03-02T12:00:00.000Z',
  },
  {
    id: 't2',
    amount: 4250,
    operation: 'debit',
    comment: 'Wheelchair rental',
    createdAt: '2026-02-10T12:00:00.000Z',
  },
  { id: 't1', amount: 1000, operation: 'credit', comment: null, createdAt: '2026-01-05T12:00:00.000Z' },
];

async function openTransactions(server: ReturnType<typeof accountingServer>) {
  decided();
  const view = renderApp('/account/transactions', { me: meDocument(), handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1, name: 'My transactions' }, { timeout: 25_000 });
  return view;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the member’s transactions', () => {
  it('sends a visitor to sign in first', async () => {
    decided();
    const { location } = renderApp('/account/transactions');
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toBe(
          '/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Ftransactions',
        ),
      { timeout: 25_000 },
    );
  });

  it('shows the balance, then the movements newest first with their operation, signed amount and comment', async () => {
    const server = accountingServer({ transactions: MOVEMENTS });
    await openTransactions(server);
    const balance = await screen.findByRole('region', { name: 'Balance' });
    // 15.00 - 42.50 + 10.00: the server's sum over every movement of the account
    expect(within(balance).getByText('-€17.50')).toBeTruthy();
    // negative: said in words too, not by its colour alone
    expect(
      within(balance).getByText('Your balance is negative: your debits exceed your credits.'),
    ).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Movements, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Operation', 'Amount', 'Comment']);
    expect(rowsOf(table)).toEqual([
      ['Mar 2, 2026', 'Credit', '+€15.00', 'Top-up at the desk'],
      ['Feb 10, 2026', 'Debit', '-€42.50', 'Wheelchair rental'],
      ['Jan 5, 2026', 'Credit', '+€10.00', ''],
    ]);
    expect(within(table).getByText('Mar 2, 2026').getAttribute('datetime')).toBe('2026-03-02T12:00:00.000Z');
    // the signed-in member's own account, newest first
    expect(server.state.transactionReads[0]).toMatchObject({
      account: 'u1',
      page: '1',
      size: '20',
      sort: '-createdAt',
    });
    expect(screen.queryByRole('navigation', { name: 'Pages of your movements' })).toBeNull();
  });

  it('shows a positive balance without the warning', async () => {
    const server = accountingServer({ transactions: [MOVEMENTS[0]!, MOVEMENTS[2]!] });
    await openTransactions(server);
    const balance = await screen.findByRole('region', { name: 'Balance' });
    expect(within(balance).getByText('€25.00')).toBeTruthy();
    expect(screen.queryByText(/Your balance is negative/)).toBeNull();
  });

  it('says so when the account has no movement yet', async () => {
    const server = accountingServer({ transactions: [] });
    await openTransactions(server);
    expect(await screen.findByText('No movements on your account yet.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Balance' })).getByText('€0.00')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the server does not tell the balance, and still lists the movements', async () => {
    const server = accountingServer({ transactions: MOVEMENTS, withBalance: false });
    await openTransactions(server);
    expect(await screen.findByText('Your balance is not available at the moment.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
    expect(rowsOf(screen.getByRole('table', { name: 'Movements, newest first' }))).toHaveLength(3);
  });

  it('shows a failed read and reads again on request', async () => {
    const user = userEvent.setup();
    const server = accountingServer({ transactions: MOVEMENTS });
    server.state.failing.push(503);
    await openTransactions(server);
    // a server failure is also the shell's unexpected-error dialog; closed, the screen offers to read again
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const alert = screen
      .getByText('Your transactions could not be loaded.')
      .closest<HTMLElement>('[role="alert"]')!;
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Movements, newest first' })).toBeTruthy();
    expect(screen.queryByText('Your transactions could not be loaded.')).toBeNull();
  });

  it('pages through the movements, the balance staying the account’s', async () => {
    const user = userEvent.setup();
    const server = accountingServer({ transactions: MOVEMENTS, pageSize: 2 });
    await openTransactions(server);
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of your movements' });
    expect(within(pages).getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Movements, newest first' }))).toEqual([
      ['Jan 5, 2026', 'Credit', '+€10.00', ''],
    ]);
    expect(within(screen.getByRole('region', { name: 'Balance' })).getByText('-€17.50')).toBeTruthy();
    expect(server.state.transactionReads.at(-1)).toMatchObject({ account: 'u1', page: '2' });
  });
});
