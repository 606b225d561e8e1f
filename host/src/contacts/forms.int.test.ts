import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaChallenge, CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import { solveCaptcha } from '@platform/infra/captcha';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, one, person, pointers, type Person } from '@platform/tests/support/layer-test-types';

/**
 * The light-user forms (seed 001 §2 and §3, ADR 0060) as the back office and a visitor use them: the back office
 * makes a form (its link's token made for it), a visitor with the link reads it with a captcha challenge, solves it
 * and submits; the input is a record the back office reads and handles, naming the contact that had its address.
 * The form's rules (offline, expired, one input per address, a captcha used once) hold on its stream.
 */

let app: AccountsTestApp;
let member: Person;
let appAdmin: Person;

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};

/** A form made by the back office, with the test's own options; its id, token and position. */
async function form(title: string, attributes: Record<string, unknown> = {}) {
  const made = created(
    await app.admin('POST', '/light-user-forms', doc('light-user-forms', { title, ...attributes })),
  );
  const read = await app.admin('GET', `/light-user-forms/${made.id}?minPosition=${made.position}`);
  expect(read.status).toBe(200);
  return { id: made.id, token: read.body.data.attributes.token as string, position: made.position };
}

/** The form as its page reads it, as a visitor. */
const page = (id: string, token: string, minPosition?: string) =>
  app
    .browser()
    .call(
      'GET',
      `/api/v1/services/forms/${id}?t=${encodeURIComponent(token)}${minPosition ? `&minPosition=${minPosition}` : ''}`,
    );

/** What a visitor's browser does with the page's challenge (the web's solver, altcha-lib). */
async function solved(challenge: CaptchaChallenge): Promise<CaptchaPayload> {
  const payload = await solveCaptcha(challenge);
  if (!payload) throw new Error('the challenge was not solved');
  return payload;
}

/** A fresh captcha answer for a form, as its page gets and solves it. */
async function captchaFor(id: string, token: string, minPosition?: string): Promise<CaptchaPayload> {
  const shown = await page(id, token, minPosition);
  expect(shown.status, JSON.stringify(shown.body)).toBe(200);
  return solved(shown.body.data.attributes.captcha);
}

const input = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
  doc(
    'light-user-form-inputs',
    {
      userFirstName: 'Ana',
      userLastName: 'Pop',
      userEmail: 'ana.pop@example.org',
      organizationName: 'Cluj rehabilitation centre',
      ...attributes,
    },
    relationships,
  );

const submit = (id: string, body: unknown) =>
  app.browser().call('POST', `/api/v1/services/forms/${id}/inputs`, { body });

beforeAll(async () => {
  app = await startAccountsApp();
  member = await person(app, 'contacts-member@example.org', { accessLevel: 'member_level_2' });
  appAdmin = await person(app, 'contacts-app-admin@example.org', { roles: ['app_admin'] });
});
afterAll(async () => {
  await app?.close();
});

describe('a light-user form', () => {
  it('is read by a visitor with its link, and by nobody with a wrong one', async () => {
    const made = await form('Fair 2026: stay in touch', {
      description: 'Leave us your details.',
      country: 'ro',
    });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = await page(made.id, made.token, made.position);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(shown.body.data.attributes).toMatchObject({
      title: 'Fair 2026: stay in touch',
      description: 'Leave us your details.',
      country: 'RO',
      closed: null,
      allowNoOrganization: false,
    });
    expect(shown.body.data.attributes.captcha.signature).toMatch(/^[0-9a-f]{64}$/);
    // the back office's own fields are never in it
    expect(shown.body.data.attributes).not.toHaveProperty('token');
    expect(shown.body.data.attributes).not.toHaveProperty('adminOnlyNote');

    const wrong = `${made.token.slice(0, -1)}${made.token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/api/v1/services/forms/${made.id}?t=${wrong}`,
      `/api/v1/services/forms/${made.id}`,
      `/api/v1/services/forms/${made.id}?t=short`,
      `/api/v1/services/forms/not-a-form?t=${made.token}`,
      `/api/v1/services/forms/00000000-0000-4000-8000-000000000000?t=${made.token}`,
    ]) {
      const answer = await app.browser().call('GET', path);
      expect(answer.status, path).toBe(404);
    }
    // nor is the form's record: the back office's alone
    expect((await app.browser().call('GET', `/api/v1/light-user-forms/${made.id}`)).status).toBe(401);
    expect((await member.browser.call('GET', `/api/v1/light-user-forms/${made.id}`)).status).toBe(403);
    expect((await appAdmin.browser.call('GET', `/api/v1/light-user-forms/${made.id}`)).status).toBe(200);
  });

  it("takes a visitor's input, which the back office reads and handles", async () => {
    const made = await form('Newsletter', { isSubscriptionForm: true, allowMessage: true });
    const captcha = await captchaFor(made.id, made.token, made.position);
    const sent = await submit(
      made.id,
      input(
        {
          token: made.token,
          captcha,
          userEmail: '  Ion.Ionescu@Example.org ',
          userFirstName: 'Ion',
          userLastName: 'Ionescu',
          userHasMailSubscription: true,
          message: 'Do you lend eye-gaze devices?',
          locale: 'ro',
          utm: { source: 'fair', campaign: 'autumn' },
        },
        { userJob: one('jobs', 'other') },
      ),
    );
    const submitted = created(sent);
    expect(sent.body.data.type).toBe('light-user-form-inputs');

    const read = await app.admin(
      'GET',
      `/light-user-form-inputs/${submitted.id}?minPosition=${submitted.position}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      userEmail: 'ion.ionescu@example.org',
      userFirstName: 'Ion',
      userHasMailSubscription: true,
      message: 'Do you lend eye-gaze devices?',
      locale: 'ro',
      utm: { source: 'fair', campaign: 'autumn' },
      handledAt: null,
    });
    expect(read.body.data.attributes).not.toHaveProperty('captcha');
    expect(read.body.data.attributes).not.toHaveProperty('token');
    expect(read.body.data.relationships.form.data).toEqual({ type: 'light-user-forms', id: made.id });
    expect(read.body.data.relationships.userJob.data).toEqual({ type: 'jobs', id: 'other' });

    // the form counts it; its history is its own record's, nothing of who wrote to it
    const counted = await app.admin('GET', `/light-user-forms/${made.id}?minPosition=${submitted.position}`);
    expect(counted.body.data.attributes.inputsCount).toBe(1);
    const history = await app.admin('GET', `/light-user-forms/${made.id}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('ionescu');

    // only the back office reads inputs
    expect((await app.browser().call('GET', '/api/v1/light-user-form-inputs')).status).toBe(401);
    expect((await member.browser.call('GET', '/api/v1/light-user-form-inputs')).status).toBe(403);
    const listed = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-user-form-inputs?filter[form]=${made.id}&minPosition=${submitted.position}`,
    );
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([submitted.id]);
    // and nobody makes one but a submission
    expect(
      (
        await app.admin(
          'POST',
          '/light-user-form-inputs',
          input({}, { form: one('light-user-forms', made.id) }),
        )
      ).status,
    ).toBe(403);

    // the back office handles it: a contact made from it, the input marked handled; what the visitor wrote stays
    const contact = created(
      await appAdmin.browser.call('POST', '/api/v1/light-users', {
        body: doc('light-users', {
          firstName: 'Ion',
          lastName: 'Ionescu',
          email: 'ion.ionescu@example.org',
          hasMailSubscription: true,
        }),
      }),
    );
    const handled = await appAdmin.browser.call('PATCH', `/api/v1/light-user-form-inputs/${submitted.id}`, {
      body: {
        data: {
          type: 'light-user-form-inputs',
          id: submitted.id,
          attributes: { handledAt: '2026-11-29T10:00:00.000Z' },
          relationships: { createdLightUser: one('light-users', contact.id) },
        },
      },
    });
    expect(handled.status, JSON.stringify(handled.body)).toBe(200);
    const rewritten = await appAdmin.browser.call('PATCH', `/api/v1/light-user-form-inputs/${submitted.id}`, {
      body: {
        data: {
          type: 'light-user-form-inputs',
          id: submitted.id,
          attributes: { userEmail: 'x@example.org' },
        },
      },
    });
    expect(rewritten.status).toBe(422);
    expect(pointers(rewritten)).toEqual(['/data/attributes/userEmail']);
  });

  it('tells the back-office members it names of each input, once', async () => {
    const made = await form('Told', { isCaptchaProtected: false });
    const named = await app.admin('PATCH', `/light-user-forms/${made.id}`, {
      data: {
        type: 'light-user-forms',
        id: made.id,
        relationships: { notifiedUsers: { data: [{ type: 'users', id: appAdmin.id }] } },
      },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const body = input({ token: made.token, userEmail: 'told@example.org' });
    const first = await app.browser().call('POST', `/api/v1/services/forms/${made.id}/inputs`, {
      body,
      headers: { 'Idempotency-Key': 'told-1' },
    });
    const sent = created(first);
    // the same request again: the same input, no second notification
    const again = await app.browser().call('POST', `/api/v1/services/forms/${made.id}/inputs`, {
      body,
      headers: { 'Idempotency-Key': 'told-1' },
    });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(sent.id);
    const told = await appAdmin.browser.call(
      'GET',
      `/api/v1/notifications?minPosition=${again.body.meta.position}`,
    );
    const mine = (told.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
      (n) => n.attributes.notificationType === 'light-user-form-input',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attributes).toMatchObject({
      message: 'A new input on the contact form “Told”',
      actionUrl: `/admin/resources/light-user-form-inputs/show/${sent.id}`,
    });
    // nobody else is told
    const others = await member.browser.call(
      'GET',
      `/api/v1/notifications?minPosition=${again.body.meta.position}`,
    );
    expect(
      (others.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
        (n) => n.attributes.notificationType === 'light-user-form-input',
      ),
    ).toEqual([]);
  });

  it("names the contact that already had the input's e-mail address", async () => {
    const contact = created(
      await app.admin(
        'POST',
        '/light-users',
        doc('light-users', { firstName: 'Maria', lastName: 'Rossi', email: 'Maria.Rossi@Example.org' }),
      ),
    );
    // the address is the contact's alone, however it is written
    const twice = await app.admin(
      'POST',
      '/light-users',
      doc('light-users', { firstName: 'M', lastName: 'R', email: 'maria.rossi@example.org ' }),
    );
    expect(twice.status).toBe(409);
    const made = await form('Matching', { allowNoOrganization: true, isCaptchaProtected: false });
    const sent = created(
      await submit(
        made.id,
        input({ token: made.token, userEmail: 'MARIA.rossi@example.org', organizationName: null }),
      ),
    );
    const read = await app.admin('GET', `/light-user-form-inputs/${sent.id}?minPosition=${sent.position}`);
    expect(read.body.data.relationships.matchingLightUser.data).toEqual({
      type: 'light-users',
      id: contact.id,
    });
    const fullName = await app.admin('GET', `/light-users/${contact.id}`);
    expect(fullName.body.data.attributes.fullName).toBe('Maria Rossi');
  });
});

describe("a light-user form's rules", () => {
  it('asks a captcha solved for this form, in time, used once', async () => {
    const made = await form('Captcha');
    const other = await form('Another form');
    const missing = await submit(made.id, input({ token: made.token }));
    expect(missing.status).toBe(422);
    expect(pointers(missing)).toEqual(['/data/attributes/captcha']);

    // a challenge made for another form does not open this one
    const foreign = await submit(
      made.id,
      input({ token: made.token, captcha: await captchaFor(other.id, other.token) }),
    );
    expect(foreign.status).toBe(422);
    expect(pointers(foreign)).toEqual(['/data/attributes/captcha']);

    // a wrong answer, and a challenge whose signature does not match its parameters
    const good = await captchaFor(made.id, made.token, made.position);
    const key = good.solution.derivedKey;
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const wrongAnswer = await submit(
      made.id,
      input({
        token: made.token,
        captcha: { ...good, solution: { ...good.solution, derivedKey: wrongKey } },
      }),
    );
    expect(wrongAnswer.status).toBe(422);
    const forged = await submit(
      made.id,
      input({
        token: made.token,
        captcha: {
          ...good,
          challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } },
        },
      }),
    );
    expect(forged.status).toBe(422);

    created(await submit(made.id, input({ token: made.token, captcha: good })));
    const reused = await submit(
      made.id,
      input({ token: made.token, captcha: good, userEmail: 'someone@example.org' }),
    );
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0].detail).toBe('This anti-spam check was already used: send the form again');

    // a challenge answered after its hour has expired
    const late = await captchaFor(made.id, made.token);
    app.advance(61 * 60 * 1000);
    const expired = await submit(
      made.id,
      input({ token: made.token, captcha: late, userEmail: 'late@example.org' }),
    );
    expect(expired.status).toBe(422);
    expect(expired.body.errors[0].detail).toBe('The anti-spam check has expired: send the form again');
  });

  it('is closed offline and once expired; asks what it says it asks', async () => {
    const offline = await form('Offline', { isOffline: true, isCaptchaProtected: false });
    const shown = await page(offline.id, offline.token, offline.position);
    expect(shown.body.data.attributes).toMatchObject({ closed: 'offline', captcha: null });
    const refused = await submit(offline.id, input({ token: offline.token }));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('conflict.form_closed');

    const expiresAt = new Date(app.now().getTime() + 60_000).toISOString();
    const expiring = await form('Expiring', { expiresAt, isCaptchaProtected: false });
    created(await submit(expiring.id, input({ token: expiring.token })));
    app.advance(2 * 60_000);
    expect((await page(expiring.id, expiring.token)).body.data.attributes.closed).toBe('expired');
    const late = await submit(expiring.id, input({ token: expiring.token, userEmail: 'late2@example.org' }));
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('conflict.form_expired');

    const strict = await form('Strict', { isCaptchaProtected: false });
    const bad = await submit(
      strict.id,
      input(
        {
          token: strict.token,
          organizationName: null,
          message: 'hello',
          userHasMailSubscription: true,
        },
        { userJob: one('jobs', 'no-such-job') },
      ),
    );
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toEqual(['/data/relationships/userJob/data/id']);
    const rules = await submit(
      strict.id,
      input({ token: strict.token, organizationName: null, message: 'hello', userHasMailSubscription: true }),
    );
    expect(rules.status).toBe(422);
    expect(pointers(rules).sort()).toEqual([
      '/data/attributes/message',
      '/data/attributes/organizationName',
      '/data/attributes/userHasMailSubscription',
    ]);
    const malformed = await submit(
      strict.id,
      input({ token: strict.token, userEmail: 'not an address', userFirstName: '' }),
    );
    expect(malformed.status).toBe(422);
    expect(pointers(malformed).sort()).toEqual([
      '/data/attributes/userEmail',
      '/data/attributes/userFirstName',
    ]);
    const wrongToken = await submit(strict.id, input({ token: 'A'.repeat(32) }));
    expect(wrongToken.status).toBe(404);
  });

  it('takes one input per e-mail address when it says so, even from submissions racing', async () => {
    const made = await form('Once', { onlyOneInput: true, isCaptchaProtected: false });
    created(await submit(made.id, input({ token: made.token, userEmail: 'once@example.org' })));
    const again = await submit(made.id, input({ token: made.token, userEmail: ' ONCE@example.org' }));
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.form_already_submitted');

    const racing = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit(made.id, input({ token: made.token, userEmail: 'race@example.org' })),
      ),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('opens at a new link once the back office empties its token, and the old one stops', async () => {
    const made = await form('Renewed', { isCaptchaProtected: false });
    const renewed = await app.admin('PATCH', `/light-user-forms/${made.id}`, {
      data: { type: 'light-user-forms', id: made.id, attributes: { token: null } },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const position = renewed.body.meta.position as string;
    const read = await app.admin('GET', `/light-user-forms/${made.id}?minPosition=${position}`);
    const token = read.body.data.attributes.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token).not.toBe(made.token);
    expect((await page(made.id, token, position)).status).toBe(200);
    expect((await page(made.id, made.token, position)).status).toBe(404);
    expect((await submit(made.id, input({ token: made.token }))).status).toBe(404);
    created(await submit(made.id, input({ token })));
  });
});

describe("the back office's handling of an input", () => {
  const handle = (who: Person | null, id: string) =>
    who
      ? who.browser.call('POST', `/api/v1/services/light-user-form-inputs/${id}/handle`)
      : app.browser().call('POST', `/api/v1/services/light-user-form-inputs/${id}/handle`);

  it('makes a contact from an input, once, and only for the back office', async () => {
    const made = await form('Handled', { isCaptchaProtected: false, isSubscriptionForm: true });
    const sent = created(
      await submit(
        made.id,
        input(
          {
            token: made.token,
            userEmail: 'new.contact@example.org',
            userHasMailSubscription: true,
            locale: 'fr',
          },
          { userJob: one('jobs', 'not_specified') },
        ),
      ),
    );
    expect((await handle(null, sent.id)).status).toBe(401);
    expect((await handle(member, sent.id)).status).toBe(403);
    expect((await handle(appAdmin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const racing = await Promise.all([handle(appAdmin, sent.id), handle(appAdmin, sent.id)]);
    expect(racing.map((a) => a.status).sort()).toEqual([201, 409]);
    const done = racing.find((a) => a.status === 201)!;
    expect(done.body.meta.created).toBe(true);
    const contactId = done.body.data.id as string;
    const contact = await app.admin(
      'GET',
      `/light-users/${contactId}?minPosition=${done.body.meta.position}`,
    );
    expect(contact.body.data.attributes).toMatchObject({
      firstName: 'Ana',
      lastName: 'Pop',
      email: 'new.contact@example.org',
      locale: 'fr',
      hasMailSubscription: true,
    });
    expect(contact.body.data.relationships.job.data).toEqual({ type: 'jobs', id: 'not_specified' });
    const handled = await app.admin(
      'GET',
      `/light-user-form-inputs/${sent.id}?minPosition=${done.body.meta.position}`,
    );
    expect(handled.body.data.attributes.handledAt).not.toBeNull();
    expect(handled.body.data.relationships.createdLightUser.data).toEqual({
      type: 'light-users',
      id: contactId,
    });
    const again = await handle(appAdmin, sent.id);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.input_handled');
  });

  it('keeps the contact that has the address, subscribed when the input asked it', async () => {
    const kept = created(
      await app.admin(
        'POST',
        '/light-users',
        doc('light-users', { firstName: 'Kept', lastName: 'Contact', email: 'kept.contact@example.org' }),
      ),
    );
    const made = await form('Kept', { isCaptchaProtected: false, isSubscriptionForm: true });
    const sent = created(
      await submit(
        made.id,
        input({ token: made.token, userEmail: 'Kept.Contact@example.org', userHasMailSubscription: true }),
      ),
    );
    const done = await handle(appAdmin, sent.id);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body).toMatchObject({ data: { type: 'light-users', id: kept.id }, meta: { created: false } });
    const contact = await app.admin('GET', `/light-users/${kept.id}?minPosition=${done.body.meta.position}`);
    expect(contact.body.data.attributes).toMatchObject({ firstName: 'Kept', hasMailSubscription: true });
    expect(contact.body.data.attributes.lastActionAt).not.toBeNull();
    const handled = await app.admin(
      'GET',
      `/light-user-form-inputs/${sent.id}?minPosition=${done.body.meta.position}`,
    );
    expect(handled.body.data.relationships.matchingLightUser.data).toEqual({
      type: 'light-users',
      id: kept.id,
    });
    expect(handled.body.data.relationships.createdLightUser.data).toBeNull();
  });

  it('a report keeps a view of the contacts under a name, which the list opens with', async () => {
    const french = created(
      await appAdmin.browser.call('POST', '/api/v1/light-users', {
        body: doc('light-users', {
          firstName: 'Report',
          lastName: 'Reader',
          email: 'report-reader@example.org',
          locale: 'fr',
          hasMailSubscription: true,
        }),
      }),
    );
    const queryString =
      '?filter[hasMailSubscription]=true&filter[locale]=fr&sort=lastName&filter[email]=report-reader@example.org';
    const made = await appAdmin.browser.call('POST', '/api/v1/light-user-reports', {
      body: doc('light-user-reports', { name: 'Subscribed, in French', queryString }),
    });
    const report = created(made);
    // what the list would not take is refused on its pointer, in words
    const refused = await appAdmin.browser.call('POST', '/api/v1/light-user-reports', {
      body: doc('light-user-reports', { name: 'Secrets', queryString: 'filter[adminOnlyNote]=x' }),
    });
    expect(refused.status).toBe(422);
    expect(pointers(refused)).toEqual(['/data/attributes/queryString']);
    expect(refused.body.errors[0].detail).toBe(
      '"filter[adminOnlyNote]" is not a parameter of the contacts\' list',
    );
    // the back office's alone: a member may neither read nor make one
    expect((await member.browser.call('GET', `/api/v1/light-user-reports/${report.id}`)).status).toBe(403);
    expect(
      (
        await member.browser.call('POST', '/api/v1/light-user-reports', {
          body: doc('light-user-reports', { name: 'Mine', queryString: '' }),
        })
      ).status,
    ).toBe(403);
    // the list answers the report's query as it was saved
    const kept = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-user-reports/${report.id}?minPosition=${report.position}`,
    );
    expect(kept.body.data.attributes.queryString).toBe(queryString);
    const listed = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-users${queryString}&minPosition=${french.position}`,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([french.id]);
  });
});
