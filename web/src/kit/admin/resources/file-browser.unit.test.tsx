import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, listMeta, meDocument, route } from '../admin-testing.ts';

const PHOTO = '7a1c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a10';
const GUIDE = '8b2d1f0e-6a7d-4c1e-9a55-0f6f1d6e2a11';

const file = (id: string, attributes: Record<string, unknown>) => ({
  type: 'files',
  id,
  attributes: {
    slug: `${id.slice(0, 8)}`,
    originalName: attributes.name,
    description: null,
    extension: 'png',
    hash: 'a'.repeat(64),
    isPublic: true,
    isUploaded: true,
    metadata: {},
    preview: null,
    url: `/api/v1/services/files/${id}/content/${'a'.repeat(64)}.png`,
    previewUrl: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    deletedAt: null,
    ...attributes,
  },
  relationships: { organization: { data: null } },
  meta: { version: '0' },
});

function fakeServer() {
  const reads: FakeRequest[] = [];
  const writes: FakeRequest[] = [];
  const rows = [
    file(PHOTO, {
      name: 'Ramp photo.png',
      family: 'image',
      mimeType: 'image/png',
      size: Math.round(2.5 * 1024 * 1024),
      recordsCount: 1,
    }),
    file(GUIDE, {
      name: 'Ramp guide.pdf',
      family: 'doc',
      mimeType: 'application/pdf',
      extension: 'pdf',
      size: 800,
      recordsCount: 0,
    }),
  ];
  const handlers = [
    route(
      'GET',
      '/api/v1/files',
      (r) => {
        const family = r.url.searchParams.get('filter[family]');
        const data = family
          ? rows.filter((row) => (row.attributes as Record<string, unknown>).family === family)
          : rows;
        return fakeJson(200, { data, meta: listMeta(data.length) });
      },
      reads,
    ),
    route(
      'POST',
      `/api/v1/files/${PHOTO}/soft-delete`,
      () =>
        fakeJson(409, {
          errors: [
            {
              status: '409',
              code: 'conflict.file_in_use',
              detail: `file ${PHOTO} is used by 1 record: remove it from that record first`,
            },
          ],
        }),
      writes,
    ),
  ];
  return { handlers, reads, writes };
}

describe('the admin file browser', () => {
  it('shows each file’s family, size and uses, filters by family, and says why a file in use is kept', async () => {
    consentDecided();
    const user = userEvent.setup();
    const server = fakeServer();
    renderApp('/admin/resources/files/index', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const table = await screen.findByRole('table', { name: 'Files: 2 records' }, FIRST_RENDER);
    const photo = within(table).getByRole('row', { name: /Ramp photo\.png/ });
    // the family by its label, the size as a size, the records that use it
    expect(within(photo).getByRole('cell', { name: 'Image' })).toBeTruthy();
    expect(within(photo).getByRole('cell', { name: '2.5 MB' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Used by' })).toBeTruthy();
    const guide = within(table).getByRole('row', { name: /Ramp guide\.pdf/ });
    expect(within(guide).getByRole('cell', { name: 'Document' })).toBeTruthy();
    expect(within(guide).getByRole('cell', { name: '800 bytes' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Any Media family/ }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: '3D model' })).toBeTruthy();
    await user.click(within(listbox).getByRole('option', { name: 'Image' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ramp');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const query = server.reads.at(-1)!.url.searchParams;
      expect(query.get('filter[family]')).toBe('image');
      expect(query.get('filter[search]')).toBe('ramp');
    });
    await screen.findByRole('table', { name: 'Files: 1 record' });

    await user.click(screen.getByRole('button', { name: 'Move “Ramp photo.png” to the trash' }));
    // said above the list (the platform's own live regions are alerts too)
    expect(
      await screen.findByText(
        'This file is still used by an item: remove it from the items that use it first, then delete it.',
      ),
    ).toBeTruthy();
    expect(server.writes).toHaveLength(1);
  });
});
