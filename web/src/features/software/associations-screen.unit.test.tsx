import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meDocument } from '../accounts/profile/testing.ts';
import { fakeJson } from '../../kit/testing/fake-api.ts';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { softwareServer, type FakeAuthorization, type FakeInstallation } from './testing.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const VOICE: FakeAuthorization = {
  id: 'auth-voice',
  service: 'Voice pack',
  deliverFile: true,
  distId: 'ORDER-2026-118',
  startsAt: '2026-01-10T12:00:00.000Z',
  expiresAt: '2027-01-10T12:00:00.000Z',
  state: 'inForce',
  associationsMax: 3,
  associations: [
    {
      id: 'as1',
      name: 'Kitchen tablet',
      installationId: 'INST-0001-KITCHEN',
      installationName: null,
      system: 'Android 14',
      associatedAt: '2026-02-03T12:00:00.000Z',
    },
  ],
};

const LICENCE: FakeAuthorization = {
  id: 'auth-licence',
  service: 'Eye gaze licence',
  deliverFile: false,
  distId: null,
  startsAt: '2026-06-01T12:00:00.000Z',
  expiresAt: null,
  state: 'notYet',
  associationsMax: 1,
  associations: [],
};

const TRIAL: FakeAuthorization = {
  id: 'auth-trial',
  service: 'Switch trial',
  deliverFile: false,
  distId: null,
  startsAt: null,
  expiresAt: '2026-03-01T12:00:00.000Z',
  state: 'expired',
  associationsMax: 1,
  associations: [
    {
      id: 'as9',
      name: null,
      installationId: 'LAPTOP-77-OLD',
      installationName: null,
      system: null,
      associatedAt: '2026-01-05T12:00:00.000Z',
    },
  ],
};

const FULL: FakeAuthorization = {
  ...VOICE,
  id: 'auth-full',
  service: 'Symbol library',
  distId: null,
  associationsMax: 1,
  associations: [{ ...VOICE.associations[0]!, id: 'as2', name: null, installationName: 'Office PC' }],
};

const INSTALLATIONS: FakeInstallation[] = [
  { installationId: 'INST-0002-LOUNGE', name: null, system: 'Windows 11' },
  { installationId: 'INST-0001-KITCHEN', name: null, system: 'Android 14' },
];

async function openSoftware(server: ReturnType<typeof softwareServer>) {
  decided();
  const view = renderApp('/account/software/associations', { me: meDocument(), handlers: [server.handler] });
  await screen.findByRole('heading', { level: 1, name: 'My software' }, { timeout: 25_000 });
  return view;
}

const card = (service: string) => within(screen.getByRole('region', { name: service }));
const meterOf = (service: string) => card(service).getByRole('meter', { name: 'Installations' });

describe('the member’s software services', () => {
  it('sends a visitor to sign in first', async () => {
    decided();
    const { location } = renderApp('/account/software/associations');
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toBe(
          '/auth/sign-in?guarded=auth&redirectUrl=%2Faccount%2Fsoftware%2Fassociations',
        ),
      { timeout: 25_000 },
    );
  });

  it('lists each service with its state in words, dates, reference, installations and how many it takes', async () => {
    const server = softwareServer({ authorizations: [VOICE, LICENCE, TRIAL, FULL] });
    await openSoftware(server);
    const list = await screen.findByRole('list', { name: 'Your software services' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Voice pack', 'Eye gaze licence', 'Switch trial', 'Symbol library']);

    // in force: its dates, its reference, one of three taken, its installation, and the form
    const voice = card('Voice pack');
    expect(voice.getByText('In force')).toBeTruthy();
    expect(voice.getByText('Jan 10, 2026').getAttribute('datetime')).toBe('2026-01-10T12:00:00.000Z');
    expect(voice.getByText('Jan 10, 2027')).toBeTruthy();
    expect(voice.getByText('ORDER-2026-118')).toBeTruthy();
    const meter = meterOf('Voice pack');
    expect(meter.getAttribute('aria-valuenow')).toBe('1');
    expect(meter.getAttribute('aria-valuemax')).toBe('3');
    expect(meter.getAttribute('aria-valuetext')).toBe('1 of 3 installations');
    expect(voice.getByText('1 of 3 installations')).toBeTruthy();
    const installations = voice.getByRole('list', { name: 'Associated installations' });
    const kitchen = within(within(installations).getAllByRole('listitem')[0]!);
    expect(kitchen.getByText('Kitchen tablet')).toBeTruthy();
    expect(kitchen.getByText('Installation id: INST-0001-KITCHEN')).toBeTruthy();
    expect(kitchen.getByText('System: Android 14')).toBeTruthy();
    expect(kitchen.getByText('Associated on Feb 3, 2026')).toBeTruthy();
    expect(kitchen.getByRole('button', { name: 'Remove Kitchen tablet' })).toBeTruthy();
    expect(voice.getByRole('form', { name: 'Associate an installation' })).toBeTruthy();

    // not yet: when it starts, no end, nothing associated, no form but why
    const licence = card('Eye gaze licence');
    expect(licence.getAllByText('Starts on Jun 1, 2026')).toHaveLength(1);
    expect(licence.getByText('No end date')).toBeTruthy();
    expect(licence.getByText('0 of 1 installation')).toBeTruthy();
    expect(licence.getByText('No installation is associated with this service yet.')).toBeTruthy();
    expect(
      licence.getByText('You can associate installations with this service from Jun 1, 2026.'),
    ).toBeTruthy();
    expect(licence.queryByRole('form')).toBeNull();
    expect(licence.queryByText('Reference')).toBeNull();

    // expired: when it ended; its installation is still listed (by its id) and may be removed
    const trial = card('Switch trial');
    expect(trial.getByText('Expired on Mar 1, 2026')).toBeTruthy();
    expect(trial.getByText('Immediately')).toBeTruthy();
    expect(trial.getByText('LAPTOP-77-OLD')).toBeTruthy();
    expect(trial.queryByText(/^Installation id:/)).toBeNull();
    expect(trial.getByRole('button', { name: 'Remove LAPTOP-77-OLD' })).toBeTruthy();
    expect(
      trial.getByText('This service has expired: installations can no longer be associated with it.'),
    ).toBeTruthy();
    expect(trial.queryByRole('form')).toBeNull();

    // full: the installation's own name, and why there is no form
    const full = card('Symbol library');
    expect(meterOf('Symbol library').getAttribute('aria-valuetext')).toBe('1 of 1 installation');
    expect(full.getByText('Office PC')).toBeTruthy();
    expect(
      full.getByText('This service has as many installations as it allows. Remove one to associate another.'),
    ).toBeTruthy();
    expect(full.queryByRole('form')).toBeNull();

    expect(server.state.reads).toEqual([null]);
  });

  it('says where services will appear when the member has none', async () => {
    const server = softwareServer({ authorizations: [] });
    await openSoftware(server);
    expect(await screen.findByRole('heading', { level: 2, name: 'No software service yet' })).toBeTruthy();
    expect(
      screen.getByText(
        'The software services granted to your e-mail address, ada@example.org, appear here. You can then associate your installations of the software with them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your software services' })).toBeNull();
  });

  it('shows a failed read and reads again on request', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE] });
    server.state.failing.push(503);
    await openSoftware(server);
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const alert = screen
      .getByText('Your software services could not be loaded.')
      .closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Voice pack' })).toBeTruthy();
  });

  it('associates an installation by its id and name, then shows it, read at the answer’s position', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE], installations: INSTALLATIONS });
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });
    const form = within(card('Voice pack').getByRole('form', { name: 'Associate an installation' }));
    const id = form.getByRole('textbox', { name: 'Installation id' });
    // the field says what to type, in its description
    expect(document.getElementById(id.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toMatch(
      /^The id the software shows on the device/,
    );
    await user.type(id, '  INST-0002-LOUNGE ');
    await user.type(form.getByRole('textbox', { name: 'Name (optional)' }), 'Lounge laptop');
    await user.click(form.getByRole('button', { name: 'Associate the installation' }));

    expect(await screen.findByText('Lounge laptop is now associated with Voice pack.')).toBeTruthy();
    expect(server.state.posts).toEqual([
      {
        data: {
          type: 'software-service-associations',
          attributes: { installationId: 'INST-0002-LOUNGE', name: 'Lounge laptop' },
          relationships: {
            authorization: { data: { type: 'software-service-authorizations', id: 'auth-voice' } },
          },
        },
      },
    ]);
    await waitFor(() =>
      expect(meterOf('Voice pack').getAttribute('aria-valuetext')).toBe('2 of 3 installations'),
    );
    expect(server.state.reads).toEqual([null, '101']);
    const installations = card('Voice pack').getByRole('list', { name: 'Associated installations' });
    expect(within(installations).getByText('Lounge laptop')).toBeTruthy();
    expect(within(installations).getByText('System: Windows 11')).toBeTruthy();
    // the form is emptied, ready for another one, and has the focus again
    const again = card('Voice pack').getByRole('textbox', { name: 'Installation id' });
    expect((again as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('an installation without a name is sent with a null name; the last room closes the form', async () => {
    const user = userEvent.setup();
    const server = softwareServer({
      authorizations: [{ ...VOICE, associationsMax: 2 }],
      installations: INSTALLATIONS,
    });
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });
    await user.type(card('Voice pack').getByRole('textbox', { name: 'Installation id' }), 'INST-0002-LOUNGE');
    await user.click(card('Voice pack').getByRole('button', { name: 'Associate the installation' }));
    expect(await screen.findByText('INST-0002-LOUNGE is now associated with Voice pack.')).toBeTruthy();
    expect((server.state.posts[0] as { data: { attributes: unknown } }).data.attributes).toEqual({
      installationId: 'INST-0002-LOUNGE',
      name: null,
    });
    await waitFor(() => expect(card('Voice pack').queryByRole('form')).toBeNull());
    expect(
      card('Voice pack').getByText(
        'This service has as many installations as it allows. Remove one to associate another.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        card('Voice pack').getByRole('heading', { level: 3, name: 'Associated installations' }),
      ),
    );
  });

  it('checks the id before sending it, and shows the server’s 422 on the installation id field', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE], installations: INSTALLATIONS });
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });
    const id = card('Voice pack').getByRole('textbox', { name: 'Installation id' });
    const submit = card('Voice pack').getByRole('button', { name: 'Associate the installation' });

    await user.click(submit);
    expect(
      await screen.findByText('Type the installation id the software shows on the device.'),
    ).toBeTruthy();
    await user.type(id, 'bad id');
    await user.click(submit);
    expect(
      await screen.findByText(
        'An installation id is 8 to 100 letters, digits, dots, dashes, colons or underscores, with no spaces.',
      ),
    ).toBeTruthy();
    expect(server.state.posts).toHaveLength(0);

    await user.clear(id);
    await user.type(id, 'INST-9999-NOWHERE');
    await user.click(submit);
    const message = await screen.findByText(
      'No installation has this id. Check that it is typed exactly as the software shows it on the device.',
    );
    expect(server.state.posts).toHaveLength(1);
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(id.getAttribute('aria-describedby')!.split(' ')).toContain(message.id);
    // what was typed stays, to be corrected, with the focus
    expect((id as HTMLInputElement).value).toBe('INST-9999-NOWHERE');
    await waitFor(() => expect(document.activeElement).toBe(id));
  });

  it.each([
    [
      'conflict.associations_full',
      'This service already has as many installations as it allows. Remove one of them to associate another.',
    ],
    [
      'conflict.authorization_not_in_force',
      'This service is not in force at the moment, so no installation can be associated with it.',
    ],
  ])('says a %s refusal in words, and reads the services again', async (code, words) => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE], installations: INSTALLATIONS });
    server.state.answers.push(fakeJson(409, { errors: [{ status: '409', code, detail: 'Refused' }] }));
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });
    await user.type(card('Voice pack').getByRole('textbox', { name: 'Installation id' }), 'INST-0002-LOUNGE');
    await user.click(card('Voice pack').getByRole('button', { name: 'Associate the installation' }));
    const refusal = await card('Voice pack').findByText(words);
    expect(refusal.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(server.state.reads).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(refusal.closest('[role="alert"]')));
  });

  it('says an installation associated already on its field', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE], installations: INSTALLATIONS });
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });
    const id = card('Voice pack').getByRole('textbox', { name: 'Installation id' });
    await user.type(id, 'INST-0001-KITCHEN');
    await user.click(card('Voice pack').getByRole('button', { name: 'Associate the installation' }));
    expect(
      await card('Voice pack').findByText('This installation is already associated with this service.'),
    ).toBeTruthy();
    expect(id.getAttribute('aria-invalid')).toBe('true');
  });

  it('says another conflict and a service no longer the member’s in words', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE], installations: INSTALLATIONS });
    server.state.answers.push(
      fakeJson(409, {
        errors: [{ status: '409', code: 'conflict.wrong_expected_version', detail: 'Raced' }],
      }),
      fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'Not yours' }] }),
    );
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });
    await user.type(card('Voice pack').getByRole('textbox', { name: 'Installation id' }), 'INST-0002-LOUNGE');
    const submit = card('Voice pack').getByRole('button', { name: 'Associate the installation' });
    await user.click(submit);
    expect(
      await screen.findByText(
        'The installation could not be associated: the service changed in the meantime. Check it and try again.',
      ),
    ).toBeTruthy();
    await user.click(submit);
    expect(await screen.findByText('This service is no longer granted to you.')).toBeTruthy();
    await waitFor(() => expect(server.state.reads).toHaveLength(2));
  });

  it('removes an installation after a confirmation, and reads the services at the removal’s position', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [VOICE, TRIAL] });
    await openSoftware(server);
    await screen.findByRole('region', { name: 'Voice pack' });

    // asked first; Cancel keeps it
    await user.click(card('Voice pack').getByRole('button', { name: 'Remove Kitchen tablet' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Kitchen tablet?' });
    expect(
      within(dialog).getByText(
        'Kitchen tablet will no longer be given Voice pack. You can associate it again later while the service is in force and has room.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.state.deletes).toEqual([]);

    await user.click(card('Voice pack').getByRole('button', { name: 'Remove Kitchen tablet' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Kitchen tablet?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText('Kitchen tablet was removed from Voice pack.')).toBeTruthy();
    expect(server.state.deletes).toEqual(['as1']);
    await waitFor(() =>
      expect(
        card('Voice pack').getByText('No installation is associated with this service yet.'),
      ).toBeTruthy(),
    );
    expect(meterOf('Voice pack').getAttribute('aria-valuetext')).toBe('0 of 3 installations');
    expect(server.state.reads).toEqual([null, '101']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        card('Voice pack').getByRole('heading', { level: 3, name: 'Associated installations' }),
      ),
    );
  });

  it('says a failed removal in the question, which stays open', async () => {
    const user = userEvent.setup();
    const server = softwareServer({ authorizations: [TRIAL] });
    const original = server.handler;
    const failing = (request: Parameters<typeof original>[0]) =>
      request.method === 'DELETE'
        ? fakeJson(403, { errors: [{ status: '403', code: 'auth.forbidden', detail: 'No' }] })
        : original(request);
    decided();
    renderApp('/account/software/associations', { me: meDocument(), handlers: [failing] });
    await screen.findByRole('region', { name: 'Switch trial' }, { timeout: 25_000 });
    await user.click(card('Switch trial').getByRole('button', { name: 'Remove LAPTOP-77-OLD' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove LAPTOP-77-OLD?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
    expect(await within(dialog).findByText('The installation could not be removed. Try again.')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { name: 'Remove LAPTOP-77-OLD?' })).toBeTruthy();
  });
});
