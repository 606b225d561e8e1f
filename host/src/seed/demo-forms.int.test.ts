import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '@platform/infra/captcha';
import { signIn, startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { onlyFeatures } from '@platform/tests/support/features';
import { capturedLogger, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import {
  DEMO_FORMS_ADMIN,
  demoForm,
  demoFormFields,
  demoFormResponses,
  demoFormWorkflow,
  demoReceiptWorkflow,
  seedDemoForms,
} from './demo-forms.ts';
import { seedDemo } from './demo.ts';

/**
 * The demo advanced forms (demo-forms.ts), seeded by seedDemo with the forms feature: the back office finds the
 * survey, kept behind its captcha, with its two ended responses counted and one in progress; its page shows its
 * three pages; the demo administrator was told of each ended response by the form's workflow, and its respondent
 * sent a copy of their answers by the other; a run again appends nothing, and one after an interrupted run makes
 * again the response it left unfinished.
 */

type Doc = {
  id: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { id: string } | null }>;
};

let app: AccountsTestApp;
const seedOptions = () => ({
  eventStore: app.platform.eventStore,
  contracts: app.platform.contracts,
  baseUrl: app.url(''),
  publicUrl: app.platform.accounts.context.publicUrl,
  adminToken: TEST_ADMIN_TOKEN,
  logger: capturedLogger().logger,
  features: onlyFeatures('forms'),
});
const head = async () => String(await app.platform.eventStore.lastCommittedPosition());
const seededEvents = async (): Promise<number> => {
  const [row] = await app.platform.sql<{ n: string }[]>`select count(*)::text as n from es_events`;
  return Number(row?.n);
};
const adminId = async (): Promise<string> => {
  const users = await app.admin('GET', `/users?page[size]=100&minPosition=${await head()}`);
  return (users.body.data as Doc[]).find((u) => u.attributes.email === DEMO_FORMS_ADMIN)!.id;
};
const theForm = async (): Promise<Doc> => {
  const forms = await app.admin('GET', `/forms?minPosition=${await head()}`);
  expect(forms.status).toBe(200);
  const found = (forms.body.data as Doc[]).filter((f) => f.attributes.name === demoForm.name);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const responsesOf = async (form: string): Promise<Doc[]> =>
  (await app.admin('GET', `/form-responses?filter[form]=${form}&page[size]=100&minPosition=${await head()}`))
    .body.data as Doc[];

beforeAll(async () => {
  app = await startAccountsApp();
  expect(await seedDemo(seedOptions())).toBe('seeded');
});
afterAll(async () => {
  await app?.close();
});

describe('the demo advanced forms', () => {
  it('are a survey behind its captcha, with two ended responses and one in progress', async () => {
    const form = await theForm();
    expect(form.attributes).toMatchObject({ isCaptchaProtected: true, endedResponsesCount: 2 });

    const responses = await responsesOf(form.id);
    expect(responses).toHaveLength(demoFormResponses.length);
    expect(responses.filter((r) => r.attributes.endedAt !== null)).toHaveLength(2);
    const inProgress = responses.filter((r) => r.attributes.endedAt === null);
    expect(inProgress).toHaveLength(1);
    expect(inProgress[0]!.attributes).toMatchObject({ section: 2, locale: 'ro' });

    // its page, as a visitor opens it: its three pages, and a challenge to solve
    const page = await fetch(app.url(`/api/v1/services/aforms/${form.id}`));
    expect(page.status).toBe(200);
    const shown = ((await page.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes;
    expect(shown).toMatchObject({ title: 'Equipment needs survey', state: 'open' });
    expect(shown.captcha).not.toBeNull();
    const sections = shown.sections as Array<{ title: string; fields: Array<Record<string, unknown>> }>;
    expect(sections.map((s) => [s.title, s.fields.map((f) => f.title)])).toEqual([
      ['Equipment needs survey', ['Your name', 'Your e-mail address']],
      [
        'Your equipment',
        ['What do you use most?', 'What would help you?', 'How many years have you used it?'],
      ],
      ['Anything else', ['Tell us more', 'I agree that the team contacts me about my answers']],
    ]);
    expect(sections[0]!.fields[1]).toMatchObject({ dataType: 'email' });
    expect(sections[1]!.fields[1]).toMatchObject({ required: false, config: { maxSelected: 3 } });
    expect(sections[1]!.fields[2]).toMatchObject({ dataType: 'integer', config: { min: 0, max: 80 } });
    expect(sections[2]!.fields[1]).toMatchObject({ fieldType: 'checkbox', required: true });
    expect(demoFormFields).toHaveLength(10);
  });

  it('tells the demo administrator of each ended response, through the form’s workflow', async () => {
    const form = await theForm();
    const at = await head();
    const workflows = (await app.admin('GET', `/form-workflows?filter[form]=${form.id}&minPosition=${at}`))
      .body.data as Doc[];
    expect(workflows).toHaveLength(2);
    const byName = new Map(workflows.map((w) => [w.attributes.name, w.attributes]));
    expect(byName.get(demoFormWorkflow.name)).toMatchObject({ config: { userIds: [await adminId()] } });
    expect(byName.get(demoReceiptWorkflow.name)).toMatchObject({
      config: { message: demoReceiptWorkflow.message },
    });
    const runs = (await app.admin('GET', `/form-workflow-runs?minPosition=${at}`)).body.data as Doc[];
    // each ended response: its administrator told, its respondent's copy sent
    expect(runs.map((r) => r.attributes.status)).toEqual(['done', 'done', 'done', 'done']);

    const administrator = app.browser();
    const login = await signIn(administrator, DEMO_FORMS_ADMIN, DEMO_PASSWORD);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const told = await administrator.call(
      'GET',
      `/api/v1/notifications?minPosition=${login.body.meta.position}`,
    );
    expect(told.status).toBe(200);
    const responses = (told.body.data as Array<{ attributes: Record<string, unknown> }>).filter(
      (n) => n.attributes.notificationType === 'form-response',
    );
    expect(responses).toHaveLength(2);
    expect(responses[0]!.attributes.message).toBe(`A new response to the form “${demoForm.name}”`);
  });

  it('sends each visitor who ended a response a copy of their answers, in their language', async () => {
    await theForm();
    const amara = await app.lastMail('amara.okafor@demo.example');
    expect(amara?.subject).toBe(`${demoForm.name}: a copy of your answers`);
    expect(amara!.text.startsWith(`${demoReceiptWorkflow.message}\n`)).toBe(true);
    expect(amara!.text).toContain('Amara Okafor');
    const carmen = await app.lastMail('carmen.ruiz@demo.example');
    expect(carmen?.subject).toBe(`${demoForm.name}: una copia de sus respuestas`);
  });

  it('is seeded once: a run again appends nothing', async () => {
    const before = await seededEvents();
    await seedDemoForms({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      notify: await adminId(),
    });
    expect(await seededEvents()).toBe(before);
  });

  it('makes again a response an interrupted run left unfinished, putting that one aside', async () => {
    const form = await theForm();
    const fields = (await app.admin('GET', `/form-fields?filter[form]=${form.id}&page[size]=100`)).body
      .data as Doc[];
    const nameField = fields.find((f) => f.attributes.title === 'Your name')!.id;
    const carmen = demoFormResponses[1]!;
    const ended = (await responsesOf(form.id)).find(
      (r) => (r.attributes.answers as Record<string, unknown>)[nameField] === carmen.pages[0]!.name,
    )!;
    // as if the run had stopped after the visitor's first page: the ended one gone, a started one in its place
    expect((await app.admin('POST', `/form-responses/${ended.id}/soft-delete`)).status).toBe(200);
    const visitor = app.browser();
    const page = await visitor.call('GET', `/api/v1/services/aforms/${form.id}`);
    const captcha = await solveCaptcha(page.body.data.attributes.captcha);
    const started = await visitor.call('POST', `/api/v1/services/aforms/${form.id}/responses`, {
      body: { data: { type: 'form-responses', attributes: { captcha, locale: carmen.locale } } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const saved = await visitor.call(
      'PUT',
      `/api/v1/services/aforms/${form.id}/responses/${started.body.meta.token}/sections/0`,
      {
        body: {
          data: { type: 'form-responses', attributes: { answers: { [nameField]: carmen.pages[0]!.name } } },
        },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    await seedDemoForms({
      baseUrl: app.url(''),
      adminToken: TEST_ADMIN_TOKEN,
      logger: capturedLogger().logger,
      notify: await adminId(),
    });
    const responses = await responsesOf(form.id);
    expect(responses).toHaveLength(demoFormResponses.length);
    expect(responses.map((r) => r.id)).not.toContain(started.body.data.id);
    expect(responses.filter((r) => r.attributes.endedAt !== null)).toHaveLength(2);
    expect((await theForm()).attributes.endedResponsesCount).toBe(2);
  });
});
