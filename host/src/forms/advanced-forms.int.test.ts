import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaPayload } from '@platform/contracts/contacts/endpoints';
import { solveCaptcha } from '@platform/infra/captcha';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import {
  doc,
  FUTURE,
  one,
  PAST,
  person,
  pointers,
  type Person,
} from '@platform/tests/support/layer-test-types';

/**
 * The advanced forms (seed 001 §3 "Forms", seed 000 §2 services.advanced-forms.show; ADR 0062) as the back office
 * and a visitor use them: the back office builds a form of fields (a section field starts a page) and workflows; a
 * visitor starts a response behind the captcha, answers page by page under the response's token, comes back to
 * it, and ends it; the ended response is counted, its workflows run (the members named are told) and their runs
 * kept. The rules hold on the response's stream: its pages' answers as the fields ask them, every required one
 * before the end, nothing after it, nothing outside the form's dates.
 */

let app: AccountsTestApp;
let member: Person;
let appAdmin: Person;

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, position: answer.body.meta.position as string };
};

/** A record made by the back office (an application administrator). */
const make = async (
  type: string,
  attributes: Record<string, unknown>,
  relationships?: Record<string, unknown>,
) =>
  created(
    await appAdmin.browser.call('POST', `/api/v1/${type}`, { body: doc(type, attributes, relationships) }),
  );

/** The form as its page reads it, as a visitor. */
const page = (id: string, minPosition?: string) =>
  app
    .browser()
    .call('GET', `/api/v1/services/aforms/${id}${minPosition ? `?minPosition=${minPosition}` : ''}`);

type FieldSpec = {
  title: string;
  type: string;
  position: number;
  required?: boolean;
  dataType?: string;
  config?: Record<string, unknown>;
  description?: string;
};

/**
 * A form of the test's own: its fields, in two pages by default (an introduction section with a name and an
 * e-mail address, then a section asking a choice, a number and a consent), and the last write's position.
 */
async function buildForm(
  name: string,
  attributes: Record<string, unknown> = {},
  fields: FieldSpec[] = [
    { title: 'Equipment survey', type: 'section', position: 0, description: 'Tell us about your equipment.' },
    { title: 'Your name', type: 'short_text', position: 1, required: true },
    { title: 'Your e-mail', type: 'short_text', position: 2, dataType: 'email' },
    { title: 'About your device', type: 'section', position: 10 },
    {
      title: 'Which device?',
      type: 'single_choice',
      position: 11,
      required: true,
      config: { choices: ['Wheelchair', 'Walker', 'Hoist'] },
    },
    {
      title: 'Years of use',
      type: 'short_text',
      position: 12,
      dataType: 'integer',
      config: { min: 0, max: 80 },
    },
    { title: 'I agree to be contacted', type: 'checkbox', position: 13, required: true },
  ],
) {
  const form = await make('forms', { name, isCaptchaProtected: false, ...attributes });
  let position = form.position;
  const ids: Record<string, string> = {};
  for (const field of fields) {
    const made = await make(
      'form-fields',
      {
        title: field.title,
        position: field.position,
        required: field.required ?? false,
        config: field.config ?? {},
        ...(field.description ? { description: field.description } : {}),
      },
      {
        form: one('forms', form.id),
        fieldType: one('form-field-types', field.type),
        ...(field.dataType ? { dataType: one('form-data-types', field.dataType) } : {}),
      },
    );
    ids[field.title] = made.id;
    position = made.position;
  }
  // a response is checked against the fields the form's page shows (their read model): as a visitor, read it first
  expect((await page(form.id, position)).status).toBe(200);
  return { id: form.id, ids, position };
}

const start = (id: string, captcha: CaptchaPayload | null = null) =>
  app.browser().call('POST', `/api/v1/services/aforms/${id}/responses`, {
    body: { data: { type: 'form-responses', attributes: { captcha, locale: 'fr' } } },
  });

const save = (id: string, token: string, section: number, answers: Record<string, unknown>) =>
  app.browser().call('PUT', `/api/v1/services/aforms/${id}/responses/${token}/sections/${section}`, {
    body: { data: { type: 'form-responses', attributes: { answers } } },
  });

const end = (id: string, token: string) =>
  app.browser().call('POST', `/api/v1/services/aforms/${id}/responses/${token}/end`);

const started = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.data.id as string, token: answer.body.meta.token as string };
};

beforeAll(async () => {
  app = await startAccountsApp();
  member = await person(app, 'aforms-member@example.org', { accessLevel: 'member_level_2' });
  appAdmin = await person(app, 'aforms-app-admin@example.org', { roles: ['app_admin'] });
});
afterAll(async () => {
  await app?.close();
});

describe('an advanced form', () => {
  it('is shown to a visitor page by page, titled by its first field, without its back-office words', async () => {
    const form = await buildForm('Equipment survey (back office)');
    const shown = await page(form.id, form.position);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const attributes = shown.body.data.attributes;
    expect(attributes).toMatchObject({
      title: 'Equipment survey',
      description: 'Tell us about your equipment.',
      state: 'open',
      captcha: null,
    });
    expect(attributes).not.toHaveProperty('name');
    expect(
      attributes.sections.map((s: { title: string; fields: Array<{ title: string }> }) => [
        s.title,
        s.fields.map((f) => f.title),
      ]),
    ).toEqual([
      ['Equipment survey', ['Your name', 'Your e-mail']],
      ['About your device', ['Which device?', 'Years of use', 'I agree to be contacted']],
    ]);
    expect(attributes.sections[0].fields[1]).toMatchObject({ fieldType: 'short_text', dataType: 'email' });

    for (const path of ['not-a-form', '00000000-0000-4000-8000-000000000000'])
      expect((await page(path)).status, path).toBe(404);
    // the back office's record is its own
    expect((await app.browser().call('GET', `/api/v1/forms/${form.id}`)).status).toBe(401);
    expect((await member.browser.call('GET', `/api/v1/forms/${form.id}`)).status).toBe(403);
  });

  it('takes a response page by page under its token, comes back to it, and ends it once', async () => {
    const form = await buildForm('Walk-through', { isCaptchaProtected: true });
    const shown = await page(form.id, form.position);
    expect(shown.body.data.attributes.captcha.signature).toMatch(/^[0-9a-f]{64}$/);
    // the captcha is asked, and used once
    expect(pointers(await start(form.id))).toEqual(['/data/attributes/captcha']);
    const solution = await solveCaptcha(shown.body.data.attributes.captcha);
    const response = started(await start(form.id, solution));
    expect(response.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pointers(await start(form.id, solution))).toEqual(['/data/attributes/captcha']);

    const { ids } = form;
    // page 1: the e-mail address is kept as the platform keeps addresses
    const first = await save(form.id, response.token, 0, {
      [ids['Your name']!]: '  Ana Pop ',
      [ids['Your e-mail']!]: 'Ana.Pop@Example.org',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // coming back: the answers and the page reached
    const back = await app
      .browser()
      .call(
        'GET',
        `/api/v1/services/aforms/${form.id}/responses/${response.token}?minPosition=${first.body.meta.position}`,
      );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.attributes).toEqual({
      answers: { [ids['Your name']!]: 'Ana Pop', [ids['Your e-mail']!]: 'ana.pop@example.org' },
      section: 1,
      endedAt: null,
    });
    // the end refuses what the second page still lacks, on each missing answer
    const early = await end(form.id, response.token);
    expect(early.status).toBe(422);
    expect(pointers(early).sort()).toEqual(
      [ids['Which device?'], ids['I agree to be contacted']]
        .map((id) => `/data/attributes/answers/${id}`)
        .sort(),
    );
    // page 2, with its faults first: each on its field
    const wrong = await save(form.id, response.token, 1, {
      [ids['Which device?']!]: 'Bicycle',
      [ids['Years of use']!]: '120',
      [ids['Your name']!]: 'not on this page',
    });
    expect(wrong.status).toBe(422);
    expect(pointers(wrong).sort()).toEqual(
      [ids['Which device?'], ids['Years of use'], ids['I agree to be contacted'], ids['Your name']]
        .map((id) => `/data/attributes/answers/${id}`)
        .sort(),
    );
    const second = await save(form.id, response.token, 1, {
      [ids['Which device?']!]: 'Walker',
      [ids['Years of use']!]: '3',
      [ids['I agree to be contacted']!]: true,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await save(form.id, response.token, 2, {})).status).toBe(404);

    const ended = await end(form.id, response.token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.data.id).toBe(response.id);
    // once ended, nothing more
    const again = await end(form.id, response.token);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('conflict.response_ended');
    expect((await save(form.id, response.token, 0, { [ids['Your name']!]: 'Other' })).status).toBe(409);

    // the back office reads the response (numbers kept as numbers), its history, and the form's count
    const at = ended.body.meta.position;
    const kept = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-responses/${response.id}?minPosition=${at}`,
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data.attributes).toMatchObject({
      locale: 'fr',
      section: 1,
      answers: { [ids['Years of use']!]: 3, [ids['I agree to be contacted']!]: true },
    });
    expect(kept.body.data.attributes.endedAt).not.toBeNull();
    const counted = await appAdmin.browser.call('GET', `/api/v1/forms/${form.id}?minPosition=${at}`);
    expect(counted.body.data.attributes.endedResponsesCount).toBe(1);
    // the ended ones and those in progress, apart
    const endedOnes = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-responses?filter[form]=${form.id}&filter[ended]=true&minPosition=${at}`,
    );
    expect(endedOnes.body.data.map((r: { id: string }) => r.id)).toEqual([response.id]);
    const inProgress = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-responses?filter[form]=${form.id}&filter[ended]=false&minPosition=${at}`,
    );
    expect(inProgress.body.data).toEqual([]);
    const history = await appAdmin.browser.call('GET', `/api/v1/form-responses/${response.id}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.length).toBe(4);
    // nobody else reads it, and nobody writes it through the layer
    expect((await member.browser.call('GET', `/api/v1/form-responses/${response.id}`)).status).toBe(403);
    expect((await app.browser().call('GET', `/api/v1/form-responses/${response.id}`)).status).toBe(401);
    const forged = await appAdmin.browser.call('PATCH', `/api/v1/form-responses/${response.id}`, {
      body: { data: { type: 'form-responses', id: response.id, attributes: { endedAt: null } } },
    });
    expect(forged.status).toBe(403);
  });

  it('opens to no token but its own', async () => {
    const form = await buildForm('Tokens');
    const response = started(await start(form.id));
    const other = await buildForm('Another');
    const wrong = `${response.token.slice(0, -1)}${response.token.endsWith('A') ? 'B' : 'A'}`;
    for (const [formId, token] of [
      [form.id, wrong],
      [form.id, 'short'],
      [other.id, response.token],
      ['not-a-form', response.token],
    ] as const) {
      expect(
        (await app.browser().call('GET', `/api/v1/services/aforms/${formId}/responses/${token}`)).status,
        `${formId} ${token}`,
      ).toBe(404);
      expect((await save(formId, token, 0, {})).status, `${formId} ${token}`).toBe(404);
      expect((await end(formId, token)).status, `${formId} ${token}`).toBe(404);
    }
    expect((await start('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('takes responses between openAt and closeAt only', async () => {
    const later = await buildForm('Later', { openAt: FUTURE });
    expect((await page(later.id, later.position)).body.data.attributes).toMatchObject({
      state: 'notYetOpen',
      openAt: FUTURE,
      captcha: null,
    });
    const notYet = await start(later.id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.errors[0].code).toBe('conflict.form_not_open');

    const open = await buildForm('Closing', {});
    const response = started(await start(open.id));
    const closed = await appAdmin.browser.call('PATCH', `/api/v1/forms/${open.id}`, {
      body: { data: { type: 'forms', id: open.id, attributes: { closeAt: PAST } } },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((await page(open.id, closed.body.meta.position)).body.data.attributes.state).toBe('closed');
    const refused = await save(open.id, response.token, 0, { [open.ids['Your name']!]: 'Late' });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('conflict.form_closed');
    // a form closing before it opens is refused on its field
    const backwards = await appAdmin.browser.call('PATCH', `/api/v1/forms/${open.id}`, {
      body: { data: { type: 'forms', id: open.id, attributes: { openAt: FUTURE, closeAt: PAST } } },
    });
    expect(backwards.status).toBe(422);
    expect(pointers(backwards)).toEqual(['/data/attributes/closeAt']);
  });

  it("checks each kind of field's answers as its config says", async () => {
    const form = await buildForm('Kinds', {}, [
      { title: 'Phone', type: 'short_text', position: 0, dataType: 'phone' },
      { title: 'Site', type: 'short_text', position: 1, dataType: 'url' },
      { title: 'Born', type: 'short_text', position: 2, dataType: 'date' },
      { title: 'Height', type: 'short_text', position: 3, dataType: 'decimal' },
      { title: 'Short', type: 'short_text', position: 4, config: { maxLength: 5 } },
      { title: 'Story', type: 'long_text', position: 5 },
      {
        title: 'Needs',
        type: 'multiple_choice',
        position: 6,
        config: { choices: ['a', 'b', 'c'], maxSelected: 2 },
      },
    ]);
    const { ids } = form;
    const response = started(await start(form.id));
    const bad = await save(form.id, response.token, 0, {
      [ids.Phone!]: 'call me',
      [ids.Site!]: 'javascript:alert(1)',
      [ids.Born!]: '31/03/2026',
      [ids.Height!]: 'tall',
      [ids.Short!]: 'too long',
      [ids.Story!]: 42,
      [ids.Needs!]: ['a', 'b', 'c'],
    });
    expect(bad.status).toBe(422);
    expect(pointers(bad)).toHaveLength(7);
    const good = await save(form.id, response.token, 0, {
      [ids.Phone!]: '+40 721 000 000',
      [ids.Site!]: 'https://example.org',
      [ids.Born!]: '2026-03-31',
      [ids.Height!]: '1,75',
      [ids.Short!]: 'short',
      [ids.Story!]: 'A long story.',
      [ids.Needs!]: ['c', 'a'],
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const kept = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-responses/${response.id}?minPosition=${good.body.meta.position}`,
    );
    expect(kept.body.data.attributes.answers).toMatchObject({
      [ids.Height!]: 1.75,
      [ids.Needs!]: ['a', 'c'],
    });
    // a body that is not a document of answers is a 422, never a 500
    const malformed = await app
      .browser()
      .call('PUT', `/api/v1/services/aforms/${form.id}/responses/${response.token}/sections/0`, {
        body: { data: { type: 'form-responses', attributes: { answers: { x: { nested: true } } } } },
      });
    expect(malformed.status).toBe(422);
  });

  it('refuses a field whose config does not suit its type, and a workflow naming nobody', async () => {
    const form = await make('forms', { name: 'Configs' });
    const oneChoice = await appAdmin.browser.call('POST', '/api/v1/form-fields', {
      body: doc(
        'form-fields',
        { title: 'Pick', config: { choices: ['only'] } },
        { form: one('forms', form.id), fieldType: one('form-field-types', 'single_choice') },
      ),
    });
    expect(oneChoice.status).toBe(422);
    expect(pointers(oneChoice)).toEqual(['/data/attributes/config']);
    const typedChoice = await appAdmin.browser.call('POST', '/api/v1/form-fields', {
      body: doc(
        'form-fields',
        { title: 'Text', config: {} },
        {
          form: one('forms', form.id),
          fieldType: one('form-field-types', 'long_text'),
          dataType: one('form-data-types', 'email'),
        },
      ),
    });
    expect(typedChoice.status).toBe(422);
    expect(pointers(typedChoice)).toEqual(['/data/relationships/dataType']);
    const nobody = await appAdmin.browser.call('POST', '/api/v1/form-workflows', {
      body: doc(
        'form-workflows',
        { name: 'Tell', config: {} },
        { form: one('forms', form.id), workflowType: one('form-workflow-types', 'notify_users') },
      ),
    });
    expect(nobody.status).toBe(422);
    expect(pointers(nobody)).toEqual(['/data/attributes/config']);
    // a member builds no form
    expect(
      (await member.browser.call('POST', '/api/v1/forms', { body: doc('forms', { name: 'Mine' }) })).status,
    ).toBe(403);
  });

  it('runs its workflows on an ended response: the members named are told once, the run kept', async () => {
    const form = await buildForm('Told', {}, [{ title: 'Anything to add?', type: 'long_text', position: 0 }]);
    const workflow = await make(
      'form-workflows',
      { name: 'Tell the team', config: { userIds: [appAdmin.id] } },
      { form: one('forms', form.id), workflowType: one('form-workflow-types', 'notify_users') },
    );
    // the workflow is read by the end from the read model: wait until it is there
    await appAdmin.browser.call(
      'GET',
      `/api/v1/form-workflows/${workflow.id}?minPosition=${workflow.position}`,
    );
    const response = started(await start(form.id));
    const ended = await end(form.id, response.token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const at = ended.body.meta.position;
    const told = await appAdmin.browser.call('GET', `/api/v1/notifications?minPosition=${at}`);
    const mine = (told.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
      (n) => n.attributes.notificationType === 'form-response',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.attributes).toMatchObject({
      message: 'A new response to the form “Told”',
      actionUrl: `/admin/resources/form-responses/show/${response.id}`,
    });
    const runs = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-workflow-runs?filter[response]=${response.id}&minPosition=${at}`,
    );
    expect(runs.status, JSON.stringify(runs.body)).toBe(200);
    expect(runs.body.data).toHaveLength(1);
    expect(runs.body.data[0].attributes).toMatchObject({ status: 'done', message: '1 member told' });
    // the member was told nothing
    const others = await member.browser.call('GET', `/api/v1/notifications?minPosition=${at}`);
    expect(
      (others.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
        (n) => n.attributes.notificationType === 'form-response',
      ),
    ).toEqual([]);
  });

  it('sends the respondent a copy of their answers, in their language, to the address they gave', async () => {
    const form = await buildForm('Receipts');
    const { ids } = form;
    const workflow = await make(
      'form-workflows',
      {
        name: 'Copy',
        config: { emailFieldId: ids['Your e-mail'], message: 'We will call you within a week.' },
      },
      { form: one('forms', form.id), workflowType: one('form-workflow-types', 'email_respondent') },
    );
    await appAdmin.browser.call(
      'GET',
      `/api/v1/form-workflows/${workflow.id}?minPosition=${workflow.position}`,
    );
    const address = `respondent-${randomUUID().slice(0, 8)}@example.org`;
    // the response is started in French (start's locale)
    const response = started(await start(form.id));
    expect(
      (
        await save(form.id, response.token, 0, {
          [ids['Your name']!]: 'Ana Pop',
          [ids['Your e-mail']!]: address,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await save(form.id, response.token, 1, {
          [ids['Which device?']!]: 'Walker',
          [ids['Years of use']!]: 3,
          [ids['I agree to be contacted']!]: true,
        })
      ).status,
    ).toBe(200);
    const ended = await end(form.id, response.token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);

    const mail = await app.lastMail(address);
    expect(mail?.subject).toBe('Receipts : une copie de vos réponses');
    expect(mail!.text.split('\n')).toEqual([
      'We will call you within a week.',
      '',
      'Merci. Voici les réponses que vous avez envoyées au formulaire « Receipts ».',
      '',
      '== Equipment survey ==',
      '',
      'Your name',
      'Ana Pop',
      '',
      'Your e-mail',
      address,
      '',
      '== About your device ==',
      '',
      'Which device?',
      'Walker',
      '',
      'Years of use',
      '3',
      '',
      'I agree to be contacted',
      'Oui',
      '',
      '--',
      expect.stringMatching(
        /^Ce message vous a été envoyé par .+ car cette adresse a été donnée dans le formulaire\.$/,
      ),
      '',
    ]);
    const runs = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-workflow-runs?filter[response]=${response.id}&minPosition=${ended.body.meta.position}`,
    );
    expect(runs.body.data.map((r: { attributes: Record<string, unknown> }) => r.attributes)).toEqual([
      expect.objectContaining({ status: 'done', message: `A copy of the answers sent to ${address}` }),
    ]);
    // the same end again sends nothing more
    const before = await app.lastMail(address);
    expect((await end(form.id, response.token)).status).toBe(409);
    expect(await app.lastMail(address)).toEqual(before);
  });

  it('asks which question holds the address, sends nothing without one, and says why it could not write', async () => {
    const form = await buildForm('Receipts, refused');
    const { ids } = form;
    const unnamed = await appAdmin.browser.call('POST', '/api/v1/form-workflows', {
      body: doc(
        'form-workflows',
        { name: 'Copy', config: {} },
        { form: one('forms', form.id), workflowType: one('form-workflow-types', 'email_respondent') },
      ),
    });
    expect(unnamed.status).toBe(422);
    expect(pointers(unnamed)).toEqual(['/data/attributes/config']);
    const copy = await make(
      'form-workflows',
      { name: 'Copy', config: { emailFieldId: ids['Your e-mail'] } },
      { form: one('forms', form.id), workflowType: one('form-workflow-types', 'email_respondent') },
    );
    // one naming the name's question, which holds no address
    const wrong = await make(
      'form-workflows',
      { name: 'Copy to the name', config: { emailFieldId: ids['Your name'] } },
      { form: one('forms', form.id), workflowType: one('form-workflow-types', 'email_respondent') },
    );
    await appAdmin.browser.call('GET', `/api/v1/form-workflows/${copy.id}?minPosition=${wrong.position}`);
    const response = started(await start(form.id));
    await save(form.id, response.token, 0, { [ids['Your name']!]: 'No Address' });
    await save(form.id, response.token, 1, {
      [ids['Which device?']!]: 'Hoist',
      [ids['I agree to be contacted']!]: true,
    });
    const ended = await end(form.id, response.token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const runs = await appAdmin.browser.call(
      'GET',
      `/api/v1/form-workflow-runs?filter[response]=${response.id}&minPosition=${ended.body.meta.position}`,
    );
    const byWorkflow = Object.fromEntries(
      (
        runs.body.data as Array<{
          attributes: Record<string, unknown>;
          relationships: Record<string, { data: { id: string } }>;
        }>
      ).map((r) => [r.relationships.workflow!.data.id, r.attributes]),
    );
    expect(byWorkflow[copy.id]).toMatchObject({ status: 'done', message: 'No address given: nothing sent' });
    expect(byWorkflow[wrong.id]).toMatchObject({
      status: 'failed',
      message: 'config.emailFieldId names no e-mail question of this form',
    });
  });

  it('keeps the respondent among the contacts: made from their answers, or the contact of their address kept', async () => {
    const form = await buildForm('Contacts from answers', {}, [
      { title: 'First name', type: 'short_text', position: 0, required: true },
      { title: 'Last name', type: 'short_text', position: 1, required: true },
      { title: 'E-mail', type: 'short_text', position: 2, dataType: 'email' },
      { title: 'Phone', type: 'short_text', position: 3, dataType: 'phone' },
      { title: 'Send me the newsletter', type: 'checkbox', position: 4 },
    ]);
    const { ids } = form;
    const unnamed = await appAdmin.browser.call('POST', '/api/v1/form-workflows', {
      body: doc(
        'form-workflows',
        { name: 'Keep', config: { emailFieldId: ids['E-mail'], firstNameFieldId: ids['First name'] } },
        { form: one('forms', form.id), workflowType: one('form-workflow-types', 'create_contact') },
      ),
    });
    expect(unnamed.status).toBe(422);
    expect(pointers(unnamed)).toEqual(['/data/attributes/config']);
    const keep = await make(
      'form-workflows',
      {
        name: 'Keep',
        config: {
          emailFieldId: ids['E-mail'],
          firstNameFieldId: ids['First name'],
          lastNameFieldId: ids['Last name'],
          phoneFieldId: ids['Phone'],
          subscriptionFieldId: ids['Send me the newsletter'],
        },
      },
      { form: one('forms', form.id), workflowType: one('form-workflow-types', 'create_contact') },
    );
    // one naming the newsletter's checkbox as the address
    const wrong = await make(
      'form-workflows',
      {
        name: 'Keep, wrongly',
        config: {
          emailFieldId: ids['Send me the newsletter'],
          firstNameFieldId: ids['First name'],
          lastNameFieldId: ids['Last name'],
        },
      },
      { form: one('forms', form.id), workflowType: one('form-workflow-types', 'create_contact') },
    );
    await appAdmin.browser.call('GET', `/api/v1/form-workflows/${keep.id}?minPosition=${wrong.position}`);
    const address = `contact-${randomUUID().slice(0, 8)}@example.org`;
    const respond = async (answers: Record<string, unknown>) => {
      const response = started(await start(form.id));
      const saved = await save(form.id, response.token, 0, answers);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const ended = await end(form.id, response.token);
      expect(ended.status, JSON.stringify(ended.body)).toBe(200);
      const runs = await appAdmin.browser.call(
        'GET',
        `/api/v1/form-workflow-runs?filter[response]=${response.id}&minPosition=${ended.body.meta.position}`,
      );
      const byWorkflow = new Map(
        (
          runs.body.data as Array<{
            attributes: Record<string, unknown>;
            relationships: Record<string, { data: { id: string } }>;
          }>
        ).map((r) => [r.relationships.workflow!.data.id, r.attributes]),
      );
      return {
        at: ended.body.meta.position as string,
        keep: byWorkflow.get(keep.id)!,
        wrong: byWorkflow.get(wrong.id)!,
      };
    };

    const first = await respond({
      [ids['First name']!]: 'Ana',
      [ids['Last name']!]: 'Pop',
      [ids['E-mail']!]: address,
      [ids['Phone']!]: '+33 6 12 34 56 78',
      [ids['Send me the newsletter']!]: true,
    });
    expect(first.keep).toMatchObject({ status: 'done', message: `Contact made: ${address}` });
    expect(first.wrong).toMatchObject({
      status: 'failed',
      message: 'config.emailFieldId names no e-mail question of this form',
    });
    const contactId = (first.keep.replacements as { contact: string }).contact;
    const contact = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-users/${contactId}?minPosition=${first.at}`,
    );
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    expect(contact.body.data.attributes).toMatchObject({
      firstName: 'Ana',
      lastName: 'Pop',
      email: address,
      phone: '+33 6 12 34 56 78',
      locale: 'fr',
      hasMailSubscription: true,
    });
    expect(contact.body.data.attributes.lastActionAt).not.toBeNull();

    // the same address again, other names and no newsletter: the contact is kept as it was, its last action dated
    const second = await respond({
      [ids['First name']!]: 'Ana',
      [ids['Last name']!]: 'Popescu',
      [ids['E-mail']!]: address,
      [ids['Send me the newsletter']!]: false,
    });
    expect(second.keep).toMatchObject({
      status: 'done',
      message: `Contact kept: ${address}`,
      replacements: expect.objectContaining({ contact: contactId }),
    });
    const kept = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-users/${contactId}?minPosition=${second.at}`,
    );
    expect(kept.body.data.attributes).toMatchObject({ lastName: 'Pop', hasMailSubscription: true });
    const contacts = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-users?filter[email]=${encodeURIComponent(address)}&minPosition=${second.at}`,
    );
    expect(contacts.body.data).toHaveLength(1);

    // no address: nobody is made
    const third = await respond({ [ids['First name']!]: 'No', [ids['Last name']!]: 'Address' });
    expect(third.keep).toMatchObject({ status: 'done', message: 'No address given: no contact made' });

    // two responses ending at once with a new address: one contact, made by one and kept by the other
    const twin = `twin-${randomUUID().slice(0, 8)}@example.org`;
    const both = await Promise.all(
      ['Eva', 'Eve'].map((firstName) =>
        respond({ [ids['First name']!]: firstName, [ids['Last name']!]: 'Twin', [ids['E-mail']!]: twin }),
      ),
    );
    expect(both.map((r) => r.keep.status)).toEqual(['done', 'done']);
    expect(both.map((r) => String(r.keep.message).split(':')[0]).sort()).toEqual([
      'Contact kept',
      'Contact made',
    ]);
    const latest = both.map((r) => BigInt(r.at)).reduce((a, b) => (a > b ? a : b));
    const twins = await appAdmin.browser.call(
      'GET',
      `/api/v1/light-users?filter[email]=${encodeURIComponent(twin)}&minPosition=${latest}`,
    );
    expect(twins.body.data).toHaveLength(1);
  });
});
