import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { accountingServer, type FakeDocument } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const DOCUMENTS: FakeDocument[] = [
  {
    id: 'd2',
    documentType: 'invoice',
    name: 'March invoice',
    comment: 'Wheelchair rental, March',
    createdAt: '2026-03-31T12:00:00.000Z',
    file: { id: 'f2', name: 'invoice-2026-03.pdf' },
  },
  {
    id: 'd1',
    documentType: 'certificate',
    name: 'Training certificate',
    comment: null,
    createdAt: '2026-01-20T12:00:00.000Z',
    file: { id: 'f1', name: 'certificate.pdf' },
  },
];

async function openDocuments(server: ReturnType<typeof accountingServer>) {
  decided();
  const view = renderApp('/account/documents', { me: meDocument(), handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1, name: 'My documents' }, { timeout: 25_000 });
  return view;
}

const item = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;

describe('the member’s documents', () => {
  it('sends a visitor to sign in first', async () => {
    decided();
    const { location } = renderApp('/account/documents');
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toBe(
          '/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fdocuments',
        ),
      { timeout: 25_000 },
    );
  });

  it('lists the documents newest first, each with its type, date, comment and a download link', async () => {
    const server = accountingServer({ documents: DOCUMENTS });
    await openDocuments(server);
    const list = await screen.findByRole('list', { name: 'Your documents, newest first' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['March invoice', 'Training certificate']);

    const invoice = within(item('March invoice'));
    expect(invoice.getByText('Invoice')).toBeTruthy();
    expect(invoice.getByText('Mar 31, 2026').getAttribute('datetime')).toBe('2026-03-31T12:00:00.000Z');
    expect(invoice.getByText('Wheelchair rental, March')).toBeTruthy();
    const download = invoice.getByRole('link', { name: 'Download March invoice' });
    expect(download.getAttribute('href')).toBe('/api/v1/services/files/f2');
    // saved under the file's own name
    expect(download.getAttribute('download')).toBe('invoice-2026-03.pdf');

    const certificate = within(item('Training certificate'));
    expect(certificate.getByText('Certificate')).toBeTruthy();
    expect(
      certificate.getByRole('link', { name: 'Download Training certificate' }).getAttribute('href'),
    ).toBe('/api/v1/services/files/f1');

    // the signed-in member's own documents, newest first, with their files
    expect(server.state.documentReads[0]).toMatchObject({
      account: 'u1',
      page: '1',
      sort: '-createdAt',
      include: 'file',
    });
  });

  it('saves a file under the document’s name when the answer did not include the file, and says when there is none', async () => {
    const server = accountingServer({
      documents: [
        { ...DOCUMENTS[0]!, file: { id: 'f2', name: 'invoice-2026-03.pdf', included: false } },
        { ...DOCUMENTS[1]!, file: null },
      ],
    });
    await openDocuments(server);
    await screen.findByRole('list', { name: 'Your documents, newest first' });
    const download = within(item('March invoice')).getByRole('link', { name: 'Download March invoice' });
    expect(download.getAttribute('href')).toBe('/api/v1/services/files/f2');
    expect(download.getAttribute('download')).toBe('March invoice');
    const without = within(item('Training certificate'));
    expect(without.queryByRole('link')).toBeNull();
    expect(without.getByText('This document has no file to download.')).toBeTruthy();
  });

  it('says so when there is no document', async () => {
    const server = accountingServer({ documents: [] });
    await openDocuments(server);
    expect(await screen.findByText('No documents on your account yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your documents, newest first' })).toBeNull();
  });

  it('shows a failed read and reads again on request', async () => {
    const user = userEvent.setup();
    const server = accountingServer({ documents: DOCUMENTS });
    server.state.failing.push(503);
    await openDocuments(server);
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const alert = screen
      .getByText('Your documents could not be loaded.')
      .closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'March invoice' })).toBeTruthy();
  });

  it('pages through the documents', async () => {
    const user = userEvent.setup();
    const server = accountingServer({ documents: DOCUMENTS, pageSize: 1 });
    await openDocuments(server);
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of your documents' });
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Training certificate' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(server.state.documentReads.at(-1)).toMatchObject({ account: 'u1', page: '2' });
  });
});
