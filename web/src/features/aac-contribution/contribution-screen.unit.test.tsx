import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { meDocument } from '../../kit/admin/admin-testing.ts';
import { FakeXhr } from '../../kit/testing/fake-xhr.ts';
import {
  aacContributionServer,
  MEMBER,
  MY_DRAFT,
  NEW_PRODUCT,
  THEIR_PRODUCT,
  VOICES_LTD,
  WINDOWS,
  type AacContributionServerOptions,
} from './testing.ts';

const SLOW = { timeout: 25_000 };

/** The AAC products component at /aac, opened at one of its contribution sub-routes (its block hands them over). */
function open(
  path: string,
  {
    member = true,
    server: serverOptions = {},
  }: { member?: boolean; server?: AacContributionServerOptions } = {},
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = aacContributionServer(serverOptions);
  const view = renderApp(path, {
    routes: { '/aac': pageAnswer('/aac', 'AAC catalogue', [{ name: 'aac-products', props: { title: '' } }]) },
    handlers: [server.handler],
    ...(member ? { me: meDocument({ id: MEMBER }) } : {}),
  });
  return { ...view, server };
}

const form = () => screen.getByRole('form');
const field = (name: RegExp | string) => within(form()).getByRole('textbox', { name });
const group = (name: string) => within(form()).getByRole('group', { name });
const radios = (name: string) => within(form()).getByRole('radiogroup', { name });

describe('a member’s contribution of an AAC product', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to sign in and come back', async () => {
    const { server } = open('/aac/contribution', { member: false });
    await screen.findByRole('heading', { level: 1, name: 'Contribute an AAC product' }, SLOW);
    expect(screen.getByRole('link', { name: 'Sign in to contribute' }).getAttribute('href')).toBe(
      '/auth/sign-in?redirectUrl=%2Faac%2Fcontribution',
    );
    expect(screen.getByRole('link', { name: 'Back to the AAC products' }).getAttribute('href')).toBe('/aac');
    expect(screen.queryByRole('form')).toBeNull();
    expect(server.reads).toHaveLength(0);
  });

  it('checks, sends a new product, puts the server’s refusal on its field, then says it waits for a moderator', async () => {
    const user = userEvent.setup();
    const { server } = open('/aac/contribution', {
      server: {
        refuse: {
          status: 422,
          errors: [
            {
              status: '422',
              code: 'validation.custom',
              detail: 'Choose at least one way to reach it',
              source: { pointer: '/data/relationships/accessTypes' },
            },
          ],
        },
      },
    });
    await screen.findByRole('form', { name: 'Contribute an AAC product' }, SLOW);
    expect(screen.getByText(/A moderator of the AAC catalogue checks each contribution/)).toBeTruthy();
    // the fixed lists in words, the others by their names
    expect(within(group('How it is accessed')).getByRole('checkbox', { name: 'Scanning' })).toBeTruthy();
    expect(within(group('Sellers')).getByRole('checkbox', { name: 'Voices Ltd' })).toBeTruthy();
    expect(within(group('Conjugation')).getByText('This list has no choices yet.')).toBeTruthy();

    // nothing is sent without a name; the focus goes to it
    await user.click(screen.getByRole('button', { name: 'Send my contribution' }));
    const name = field(/Name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText('Give the product its name.')).toBeTruthy();
    expect(server.writes).toHaveLength(0);

    await user.type(name, 'Gaze Tablet');
    await user.type(field('Website'), 'example.org');
    await user.click(screen.getByRole('button', { name: 'Send my contribution' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Website')));
    expect(within(form()).getByText(/Give an address starting with https:\/\//)).toBeTruthy();
    await user.clear(field('Website'));
    await user.type(field('Website'), 'https://example.org/gaze');
    await user.type(field('Description'), 'For the eyes.{enter}{enter}And a switch.');
    await user.click(
      within(group('Systems it runs on or works with')).getByRole('checkbox', { name: 'Windows' }),
    );
    await user.click(within(group('How it is accessed')).getByRole('checkbox', { name: 'Eye gaze' }));
    await user.click(
      within(radios('Its communication software')).getByRole('radio', { name: 'Third-party software' }),
    );
    await user.click(within(group('Sellers')).getByRole('checkbox', { name: 'Voices Ltd' }));
    await user.click(within(form()).getByRole('checkbox', { name: /It is a device/ }));

    // the server's 422 on the access types: said on them, the focus on their first choice, what was typed kept
    await user.click(screen.getByRole('button', { name: 'Send my contribution' }));
    const access = group('How it is accessed');
    expect(await within(access).findByText('Choose at least one way to reach it')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(access).getByRole('checkbox', { name: 'Direct pointing' })),
    );
    expect(field(/Name/)).toHaveProperty('value', 'Gaze Tablet');
    expect(server.writes).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Send my contribution' }));
    const thanks = await screen.findByRole('heading', {
      level: 2,
      name: 'Thank you: your contribution is sent',
    });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(thanks.closest('[role="status"]')?.textContent).toContain(
      'It waits for a moderator of the AAC catalogue',
    );
    expect(screen.getByRole('link', { name: 'Edit your contribution again' }).getAttribute('href')).toBe(
      `/aac/contribution/${NEW_PRODUCT}?minPosition=101`,
    );
    expect(screen.getByRole('link', { name: 'Back to the AAC products' }).getAttribute('href')).toBe('/aac');
    expect(screen.queryByRole('form')).toBeNull();

    const [refused, sent] = server.writes;
    expect(sent!.method).toBe('POST');
    // a resend of the same new product: the same key, so a lost answer creates nothing more
    expect(sent!.headers.get('Idempotency-Key')).toBe(refused!.headers.get('Idempotency-Key'));
    expect(sent!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent!.body).toEqual({
      data: {
        type: 'aac-products',
        attributes: {
          name: 'Gaze Tablet',
          shortDescription: null,
          description: '<p>For the eyes.</p><p>And a switch.</p>',
          website: 'https://example.org/gaze',
          isDevice: true,
        },
        relationships: {
          compatibleSystems: { data: [{ type: 'aac-systems', id: WINDOWS }] },
          accessTypes: { data: [{ type: 'aac-access-types', id: 'eye_pointer' }] },
          keyboardTypes: { data: [] },
          pictogramTypes: { data: [] },
          conjugationTypes: { data: [] },
          sellers: { data: [{ type: 'aac-sellers', id: VOICES_LTD }] },
          integrationType: { data: { type: 'aac-integration-types', id: 'third_party' } },
          image: { data: null },
        },
      },
    });
  });

  it('uploads the product’s image as soon as it is chosen, and names it in the save', async () => {
    const user = userEvent.setup();
    const { server } = open('/aac/contribution');
    await screen.findByRole('form', { name: 'Contribute an AAC product' }, SLOW);
    await user.type(field(/Name/), 'Gaze Tablet');
    const chooser = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(chooser.getAttribute('accept')).toBe('image/*');
    await user.upload(
      chooser,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1])], 'gaze.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/v1/services/files');
    expect(xhr.body?.get('family')).toBe('image');
    expect(await screen.findByRole('progressbar', { name: 'Uploading gaze.png' })).toBeTruthy();
    act(() =>
      xhr.respond(201, {
        data: {
          type: 'files',
          id: 'f9999999-9999-4999-8999-999999999999',
          attributes: {
            name: 'gaze.png',
            previewUrl: '/files/gaze.webp',
            preview: { width: 400, height: 300 },
          },
        },
        meta: { position: '55' },
      }),
    );
    const preview = await screen.findByRole('img', { name: 'Preview of gaze.png' });
    expect(preview.getAttribute('src')).toBe('/files/gaze.webp?minPosition=55');
    await user.click(screen.getByRole('button', { name: 'Send my contribution' }));
    await screen.findByRole('heading', { level: 2, name: 'Thank you: your contribution is sent' });
    expect(server.writes[0]!.body).toMatchObject({
      data: {
        relationships: { image: { data: { type: 'files', id: 'f9999999-9999-4999-8999-999999999999' } } },
      },
    });
  });

  it('lets the author edit their contribution, sending what changed at the version read', async () => {
    const user = userEvent.setup();
    const { server } = open(`/aac/contribution/${MY_DRAFT}?minPosition=90`);
    await screen.findByRole('form', { name: 'Edit your contribution: Talker One' }, SLOW);
    expect(server.reads.find((u) => u.pathname.endsWith(MY_DRAFT))?.searchParams.get('minPosition')).toBe(
      '90',
    );
    expect(field(/Name/)).toHaveProperty('value', 'Talker One');
    expect(field('Description')).toHaveProperty('value', 'Big buttons.\n\nA loud voice.');
    expect(
      within(group('Systems it runs on or works with')).getByRole('checkbox', { name: 'Windows' }),
    ).toHaveProperty('checked', true);
    expect(
      within(radios('Its communication software')).getByRole('radio', { name: 'Built-in software' }),
    ).toHaveProperty('checked', true);
    expect(screen.getByRole('img', { name: 'Preview of talker.jpg' }).getAttribute('src')).toBe(
      '/files/talker-preview.jpg',
    );

    const short = field('Short description');
    await user.clear(short);
    await user.type(short, 'Loud and clear.');
    await user.click(screen.getByRole('button', { name: 'Save my changes' }));
    const saved = await screen.findByRole('heading', { level: 2, name: 'Your changes are saved' });
    await waitFor(() => expect(document.activeElement).toBe(saved));
    expect(saved.closest('[role="status"]')?.textContent).toContain('It waits for a moderator');
    const [patch] = server.writes;
    expect(patch!.method).toBe('PATCH');
    expect(patch!.url.pathname).toBe(`/api/v1/aac-products/${MY_DRAFT}`);
    expect(patch!.headers.get('If-Match')).toBe('"3"');
    expect(patch!.body).toEqual({
      data: {
        type: 'aac-products',
        id: MY_DRAFT,
        attributes: { shortDescription: 'Loud and clear.' },
        relationships: {},
      },
    });
    const again = screen.getByRole('link', { name: 'Edit your contribution again' });
    expect(again.getAttribute('href')).toBe(`/aac/contribution/${MY_DRAFT}?minPosition=101`);

    // the product again, read at the save's position
    await user.click(again);
    await waitFor(() => expect(field('Short description')).toHaveProperty('value', 'Loud and clear.'));
    expect(
      server.reads
        .filter((u) => u.pathname.endsWith(MY_DRAFT))
        .at(-1)
        ?.searchParams.get('minPosition'),
    ).toBe('101');
  });

  it('says a product changed meanwhile, keeping what was typed, and loads it as it now stands when asked', async () => {
    const user = userEvent.setup();
    const { server } = open(`/aac/contribution/${MY_DRAFT}`, { server: { changedMeanwhile: true } });
    await screen.findByRole('form', { name: 'Edit your contribution: Talker One' }, SLOW);
    await user.clear(field(/Name/));
    await user.type(field(/Name/), 'Talker Two');
    await user.click(screen.getByRole('button', { name: 'Save my changes' }));
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toContain('Someone changed this product while you were editing it');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(field(/Name/)).toHaveProperty('value', 'Talker Two');
    await user.click(within(alert).getByRole('button', { name: 'Load the product as it now stands' }));
    await waitFor(() => expect(field(/Name/)).toHaveProperty('value', 'Talker One'));
    expect(within(form()).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save my changes' }));
    await screen.findByRole('heading', { level: 2, name: 'Your changes are saved' });
    expect(server.writes.map((w) => w.headers.get('If-Match'))).toEqual(['"3"', '"4"']);
  });

  it('says in words a refusal of the save (403), keeping what was typed', async () => {
    const user = userEvent.setup();
    open(`/aac/contribution/${MY_DRAFT}`, {
      server: { refuse: { status: 403, errors: [{ status: '403', code: 'forbidden', detail: 'No' }] } },
    });
    await screen.findByRole('form', { name: 'Edit your contribution: Talker One' }, SLOW);
    await user.type(field('Short description'), ' Really.');
    await user.click(screen.getByRole('button', { name: 'Save my changes' }));
    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toBe(
      'You may not change this product: only its author and the AAC moderators may. What you typed is kept.',
    );
    expect(field('Short description')).toHaveProperty('value', 'A talker for every day. Really.');
  });

  it('says that someone else’s product is not the member’s to change', async () => {
    const { server } = open(`/aac/contribution/${THEIR_PRODUCT}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Not your contribution' }, SLOW);
    expect(within(heading.parentElement!).getByRole('alert').textContent).toBe(
      'Only the member who contributed this product and the AAC moderators may change it.',
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(server.writes).toHaveLength(0);
  });

  it('says that an unknown product is not found', async () => {
    open('/aac/contribution/e0000000-0000-4000-8000-000000000000');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Product not found' }, SLOW);
    expect(within(heading.parentElement!).getByRole('alert').textContent).toContain(
      'This product does not exist, or it is not yours to edit',
    );
    expect(screen.getByRole('link', { name: 'Back to the AAC products' }).getAttribute('href')).toBe('/aac');
  });
});
