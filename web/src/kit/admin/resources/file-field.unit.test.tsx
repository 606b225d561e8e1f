import type { Locale } from '@platform/contracts/enums';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../api/api-context.tsx';
import { allMessages } from '../../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../../state/accessibility.ts';
import { buildTheme } from '../../theme/theme.ts';
import { FieldWidget } from './field-widget.tsx';
import type { FormField, FormValue } from './form-model.ts';
import { indexIncluded } from './record-title.ts';
import { FakeXhr } from '../../testing/fake-xhr.ts';

const IMAGE_FIELD: FormField = {
  name: 'image',
  widget: 'relationship',
  kind: 'relationship',
  required: false,
  nullable: true,
  relationship: { type: 'files', many: false, families: ['image'] },
};

const FILE_ID = '5a1d7c3e-0f5b-4a8e-9c1e-2b3c4d5e6f70';
const PREVIEW_URL = `/api/v1/services/files/${FILE_ID}/content/${'b'.repeat(64)}.webp`;

const uploaded = {
  data: {
    type: 'files',
    id: FILE_ID,
    attributes: {
      name: 'ramp.png',
      description: null,
      family: 'image',
      mimeType: 'image/png',
      size: 2048,
      url: `/api/v1/services/files/${FILE_ID}/content/${'a'.repeat(64)}.png`,
      previewUrl: PREVIEW_URL,
      metadata: { width: 1600, height: 900 },
      preview: { hash: 'b'.repeat(64), width: 800, height: 450, mimeType: 'image/webp', extension: 'webp' },
    },
  },
  meta: { position: '12', version: '0' },
};

/** The field in a form that holds its value, as the resource form does; `values` sees every change. */
function renderField(
  values: FormValue[] = [],
  options: { locale?: Locale; fetchFn?: typeof fetch; field?: FormField; label?: string } = {},
) {
  function Holder() {
    const [value, setValue] = useState<FormValue>('');
    return (
      <FieldWidget
        type="organizations"
        field={options.field ?? IMAGE_FIELD}
        label={options.label ?? 'Image'}
        enumLabel={(v) => v}
        value={value}
        onChange={(v) => {
          values.push(v);
          setValue(v);
        }}
        included={indexIncluded([])}
      />
    );
  }
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale={options.locale ?? 'en'} messages={allMessages(options.locale ?? 'en')}>
        <ApiProvider fetchFn={options.fetchFn ?? (() => Promise.reject(new Error('no fetch in this test')))}>
          <Holder />
        </ApiProvider>
      </IntlProvider>
    </ThemeProvider>,
  );
  return values;
}

const png = (name = 'ramp.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

/** The file input FileTrigger opens (the test picks through it, as the browser's chooser would). */
const chooserInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('a file field of the resource forms', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the picked file with its progress, then shows its preview at its size and takes its id', async () => {
    const user = userEvent.setup();
    const values = renderField();
    expect(screen.getByRole('group', { name: 'Image' })).toBeTruthy();
    const choose = screen.getByRole('button', { name: 'Choose a file' });
    expect(chooserInput().getAttribute('accept')).toBe('image/*');
    expect(choose).toBeTruthy();

    await user.upload(chooserInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/services/files');
    expect(xhr.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(xhr.body?.get('family')).toBe('image');
    expect((xhr.body?.get('file') as File).name).toBe('ramp.png');

    const bar = await screen.findByRole('progressbar', { name: 'Uploading ramp.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    act(() => xhr.progress(512, 2048));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(screen.queryByRole('button', { name: 'Choose a file' })).toBeNull();

    act(() => xhr.respond(201, uploaded));
    const preview = await screen.findByRole('img', { name: 'Preview of ramp.png' });
    // asked for once the read side holds the upload's event
    expect(preview.getAttribute('src')).toBe(`${PREVIEW_URL}?minPosition=12`);
    expect(preview.getAttribute('width')).toBe('800');
    expect(preview.getAttribute('height')).toBe('450');
    expect(screen.getByText('ramp.png')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(values).toEqual([FILE_ID]);
  });

  it('says on the field why the platform refused the file, and the controls are described by it', async () => {
    const user = userEvent.setup();
    const values = renderField();
    await user.upload(chooserInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.respond(422, {
        errors: [
          {
            status: '422',
            code: 'validation.invalid',
            detail: 'impossible to read file',
            source: { pointer: '/file' },
          },
        ],
      }),
    );
    const message = await screen.findByText('ramp.png cannot be read: it may be empty or damaged.');
    const choose = screen.getByRole('button', { name: 'Choose a file' });
    expect(choose.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(values).toEqual([]);

    // a type the field does not take, then a file too large: each its own words
    await user.upload(chooserInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() =>
      FakeXhr.sent[1]!.respond(422, {
        errors: [
          {
            status: '422',
            code: 'validation.invalid',
            detail: 'Choose a file of type image: this one is doc',
            source: { pointer: '/file' },
          },
        ],
      }),
    );
    expect(
      await screen.findByText('ramp.png is not a type of file this field takes: choose another file.'),
    ).toBeTruthy();
    await user.upload(chooserInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    act(() =>
      FakeXhr.sent[2]!.respond(413, {
        errors: [{ status: '413', code: 'validation.payload_too_large', source: { pointer: '/file' } }],
      }),
    );
    expect(
      await screen.findByText('ramp.png is larger than the platform accepts: choose a smaller file.'),
    ).toBeTruthy();
    expect(values).toEqual([]);
  });

  it('removes the file it holds: the value empties and the field offers to choose again', async () => {
    const user = userEvent.setup();
    const values = renderField();
    await user.upload(chooserInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(201, uploaded));
    await screen.findByRole('img', { name: 'Preview of ramp.png' });

    await user.click(screen.getByRole('button', { name: 'Remove ramp.png' }));
    expect(values).toEqual([FILE_ID, '']);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('ramp.png')).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeTruthy();
  });

  describe('before it sends a file', () => {
    /** the platform's answer to GET /services/file-limits: 1000 bytes for a file, 100 for an image */
    function limitsServer() {
      const asked: string[] = [];
      const fetchFn = ((input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input);
        asked.push(url);
        if (!url.includes('/services/file-limits')) return Promise.reject(new Error(`unexpected ${url}`));
        return Promise.resolve(
          new Response(
            JSON.stringify({
              data: { type: 'file-limits', id: 'viewer', attributes: { file: 1000, image: 100 } },
            }),
            { status: 200, headers: { 'Content-Type': 'application/vnd.api+json' } },
          ),
        );
      }) as typeof fetch;
      return { asked, fetchFn };
    }
    const file = (size: number, name: string, type: string) =>
      new File([new Uint8Array(size)], name, { type });

    it('refuses a file of another family, too large or empty, in the words of the server’s refusals, sending nothing', async () => {
      // the chooser's "all files": the field's accept list is a hint the browser may be told to ignore
      const user = userEvent.setup({ applyAccept: false });
      const server = limitsServer();
      const values = renderField([], { fetchFn: server.fetchFn });
      await waitFor(() => expect(server.asked.some((u) => u.includes('/services/file-limits'))).toBe(true));
      await act(async () => {});

      await user.upload(chooserInput(), file(50, 'guide.pdf', 'application/pdf'));
      const wrong = await screen.findByText(
        'guide.pdf is not a type of file this field takes: choose another file.',
      );
      expect(
        screen.getByRole('button', { name: 'Choose a file' }).getAttribute('aria-describedby'),
      ).toContain(wrong.id);
      await user.upload(chooserInput(), file(101, 'big.png', 'image/png'));
      expect(
        await screen.findByText('big.png is larger than the platform accepts: choose a smaller file.'),
      ).toBeTruthy();
      await user.upload(chooserInput(), file(0, 'empty.png', 'image/png'));
      expect(await screen.findByText('empty.png cannot be read: it may be empty or damaged.')).toBeTruthy();
      expect(FakeXhr.sent).toHaveLength(0);
      expect(values).toEqual([]);

      // a file within the limits goes
      await user.upload(chooserInput(), file(100, 'fits.png', 'image/png'));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      expect(screen.queryByText(/empty\.png cannot be read/)).toBeNull();
    });

    it('says so in the reader’s language', async () => {
      const user = userEvent.setup({ applyAccept: false });
      const server = limitsServer();
      renderField([], { locale: 'fr', fetchFn: server.fetchFn });
      await waitFor(() => expect(server.asked.some((u) => u.includes('/services/file-limits'))).toBe(true));
      await act(async () => {});
      await user.upload(chooserInput(), file(50, 'guide.pdf', 'application/pdf'));
      expect(
        await screen.findByText(
          'guide.pdf n’est pas un type de fichier accepté par ce champ : choisissez un autre fichier.',
        ),
      ).toBeTruthy();
      await user.upload(chooserInput(), file(101, 'grande.png', 'image/png'));
      expect(await screen.findByText(/^grande\.png /)).toBeTruthy();
      expect(FakeXhr.sent).toHaveLength(0);
    });
  });

  describe('of several files (a to-many file field)', () => {
    const IMAGES_FIELD: FormField = {
      ...IMAGE_FIELD,
      name: 'images',
      relationship: { type: 'files', many: true, families: ['image'] },
    };
    const SECOND_ID = '6b2e8d4f-1a6c-4b9f-8d2f-3c4d5e6f7a81';
    const answer = (id: string, name: string) => ({
      ...uploaded,
      data: { ...uploaded.data, id, attributes: { ...uploaded.data.attributes, name } },
    });

    it('uploads every file chosen at once in turn, each with its progress, and lists them with their previews', async () => {
      const user = userEvent.setup();
      const values = renderField([], { field: IMAGES_FIELD, label: 'Images' });
      expect(screen.getByRole('group', { name: 'Images' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
      expect(chooserInput().multiple).toBe(true);

      await user.upload(chooserInput(), [png('front.png'), png('side.png')]);
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      expect((FakeXhr.sent[0]!.body?.get('file') as File).name).toBe('front.png');
      expect(await screen.findByRole('progressbar', { name: 'Uploading front.png' })).toBeTruthy();
      act(() => FakeXhr.sent[0]!.respond(201, answer(FILE_ID, 'front.png')));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
      expect(await screen.findByRole('progressbar', { name: 'Uploading side.png' })).toBeTruthy();
      act(() => FakeXhr.sent[1]!.respond(201, answer(SECOND_ID, 'side.png')));
      await screen.findByRole('img', { name: 'Preview of side.png' });
      expect(screen.queryByRole('progressbar')).toBeNull();
      const list = screen.getByRole('list', { name: 'Images' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(within(list).getByRole('img', { name: 'Preview of front.png' }).getAttribute('width')).toBe(
        '800',
      );
      expect(values).toEqual([FILE_ID, `${FILE_ID}\n${SECOND_ID}`]);

      await user.click(screen.getByRole('button', { name: 'Remove front.png' }));
      expect(values.at(-1)).toBe(SECOND_ID);
      expect(screen.queryByRole('img', { name: 'Preview of front.png' })).toBeNull();
      expect(screen.getByRole('img', { name: 'Preview of side.png' })).toBeTruthy();
    });

    it('keeps the files the platform took and says which it refused', async () => {
      const user = userEvent.setup();
      const values = renderField([], { field: IMAGES_FIELD, label: 'Images' });
      await user.upload(chooserInput(), [png('broken.png'), png('fine.png')]);
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      act(() =>
        FakeXhr.sent[0]!.respond(422, {
          errors: [
            {
              status: '422',
              code: 'validation.invalid',
              detail: 'impossible to read file',
              source: { pointer: '/file' },
            },
          ],
        }),
      );
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
      act(() => FakeXhr.sent[1]!.respond(201, answer(SECOND_ID, 'fine.png')));
      const message = await screen.findByText('broken.png cannot be read: it may be empty or damaged.');
      expect(
        screen.getByRole('button', { name: 'Choose files' }).getAttribute('aria-describedby')?.split(' '),
      ).toContain(message.id);
      expect(screen.getByRole('img', { name: 'Preview of fine.png' })).toBeTruthy();
      expect(values).toEqual([SECOND_ID]);
    });
  });
});
