import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, listMeta, meDocument, route } from '../admin-testing.ts';

const CONTAINER = '6c1f0e7a-6a7d-4c1e-9a55-0f6f1d6e2a10';
const FILE = '7a1c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a10';
const PLAN = '8b2d1f0e-6a7d-4c1e-9a55-0f6f1d6e2a11';
const FORM = '9c3e1f0e-6a7d-4c1e-9a55-0f6f1d6e2a12';

const adminFile = (id: string, name: string, path: string) => ({
  type: 'admin-files',
  id,
  attributes: {
    name,
    path,
    family: 'doc',
    url: `/api/v1/services/admin-files/${path}`,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    deletedAt: null,
  },
  relationships: {
    organization: { data: null },
    file: { data: { type: 'files', id: FILE } },
    fileContainer: { data: { type: 'file-containers', id: CONTAINER } },
  },
  meta: { version: '0' },
});

const included = [
  {
    type: 'file-containers',
    id: CONTAINER,
    attributes: { name: 'Guides', path: 'documents/guides', description: null, adminFilesCount: 2 },
  },
  {
    type: 'files',
    id: FILE,
    attributes: { name: 'Floor plan.pdf', family: 'doc', mimeType: 'application/pdf', extension: 'pdf' },
  },
];

describe('the admin files (seed 001 §3)', () => {
  it('lists each admin file with its path and its container’s path', async () => {
    consentDecided();
    const rows = [
      adminFile(PLAN, 'Floor plan.pdf', 'documents/guides/floor-plan.pdf'),
      adminFile(FORM, 'Entry form.pdf', 'documents/guides/entry-form.pdf'),
    ];
    renderApp('/admin/resources/admin-files/index', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [
        route('GET', '/api/v1/admin-files', () =>
          fakeJson(200, { data: rows, included, meta: listMeta(rows.length) }),
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Admin files: 2 records' }, FIRST_RENDER);
    expect(within(table).getByRole('columnheader', { name: /^Path/ })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: /^File container/ })).toBeTruthy();
    const plan = within(table).getByRole('row', { name: /documents\/guides\/floor-plan\.pdf/ });
    expect(within(plan).getByRole('cell', { name: 'documents/guides' })).toBeTruthy();
    expect(within(plan).getByRole('cell', { name: 'Document' })).toBeTruthy();
  });

  it('makes the path itself: the form asks for a name, a file to upload and a container, never a path', async () => {
    consentDecided();
    renderApp('/admin/resources/admin-files/create', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [
        route('GET', '/api/v1/services/file-limits', () =>
          fakeJson(200, {
            data: { type: 'file-limits', id: 'viewer', attributes: { file: 1 << 30, image: 1 << 30 } },
          }),
        ),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Admin files: new record' }, FIRST_RENDER);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeTruthy();
    const file = screen.getByRole('group', { name: 'File (required)' });
    expect(within(file).getByRole('button', { name: 'Choose a file' })).toBeTruthy();
    expect(
      screen.getByText(/^The folder the file is kept in: its path begins the file’s path./),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Path/ })).toBeNull();
    expect(screen.queryByText(/^Media family/)).toBeNull();
  });
});
