import type { Logger } from 'pino';
import type { PublicAdvancedForm, StartedFormResponse } from '@platform/contracts/forms/endpoints';
import type { FormAnswers } from '@platform/contracts/forms/rules';
import { solveCaptcha } from '@platform/infra/captcha';
import { SEEDER_PASS_HEADER } from '../readiness.ts';
import { seedClient } from './client.ts';

/**
 * The demo site's advanced forms (seed 001 §3 "Forms", ADR 0062): a survey of three pages the back office built,
 * kept behind its captcha, a workflow telling the demo administrator of each ended response, and three visitors'
 * responses sent through its public page as a visitor's browser sends them (the captcha solved): two ended, one
 * left half-way. The back office's writes carry Idempotency-Keys; a response's start cannot (its token is drawn by
 * the platform), so a visitor's response is known again by its name's answer and started only when missing (one an
 * interrupted run left unfinished is put aside and made again): running it again appends nothing. Seeded with the
 * forms feature on.
 */

const KEY = 'seed:forms';

/** the demo account the form's workflow tells of each ended response */
export const DEMO_FORMS_ADMIN = 'admin@demo.example';

export const demoForm = { name: 'Equipment needs survey 2026', isCaptchaProtected: true } as const;

type DemoField = {
  key: string;
  title: string;
  fieldType: 'section' | 'short_text' | 'long_text' | 'single_choice' | 'multiple_choice' | 'checkbox';
  position: number;
  required?: boolean;
  description?: string;
  dataType?: 'text' | 'email' | 'integer';
  config?: { choices?: string[]; maxSelected?: number; min?: number; max?: number };
};

/** the form's fields, by seed key: each section starts a page (three pages) */
export const demoFormFields: readonly DemoField[] = [
  {
    key: 'intro',
    title: 'Equipment needs survey',
    fieldType: 'section',
    position: 0,
    description:
      'We are planning the equipment we lend and repair in 2026. Tell us what you use and what would help you: ' +
      'it takes about three minutes, and you can come back to your answers later.',
  },
  { key: 'name', title: 'Your name', fieldType: 'short_text', position: 1, required: true },
  { key: 'email', title: 'Your e-mail address', fieldType: 'short_text', position: 2, dataType: 'email' },
  { key: 'equipment', title: 'Your equipment', fieldType: 'section', position: 10 },
  {
    key: 'most',
    title: 'What do you use most?',
    fieldType: 'single_choice',
    position: 11,
    required: true,
    config: { choices: ['Wheelchair', 'Walker', 'Hoist', 'Communication device', 'Other'] },
  },
  {
    key: 'help',
    title: 'What would help you?',
    fieldType: 'multiple_choice',
    position: 12,
    config: {
      choices: [
        'A lighter model',
        'Training to use it',
        'Repairs closer to home',
        'A loan while mine is repaired',
        'Advice on funding',
      ],
      maxSelected: 3,
    },
  },
  {
    key: 'years',
    title: 'How many years have you used it?',
    fieldType: 'short_text',
    position: 13,
    dataType: 'integer',
    config: { min: 0, max: 80 },
  },
  { key: 'else', title: 'Anything else', fieldType: 'section', position: 20 },
  { key: 'more', title: 'Tell us more', fieldType: 'long_text', position: 21 },
  {
    key: 'agree',
    title: 'I agree that the team contacts me about my answers',
    fieldType: 'checkbox',
    position: 22,
    required: true,
  },
];

export const demoFormWorkflow = { name: 'Tell the demo administrator' } as const;

/** The workflow sending each respondent a copy of their answers, to the address they gave (ADR 0062 amendment). */
export const demoReceiptWorkflow = {
  name: 'Send the respondent a copy',
  message: 'The team reads every answer, and writes to you within two weeks if it can help.',
} as const;

/**
 * The visitors' responses, by seed key: each page's answers by field key, in the pages' order. An ended one is
 * ended once its pages are saved; the last is left after its second page (a response in progress).
 */
export const demoFormResponses: ReadonlyArray<{
  key: string;
  locale: 'en' | 'es' | 'ro';
  ended: boolean;
  pages: ReadonlyArray<Record<string, string | number | boolean | string[]>>;
}> = [
  {
    key: 'amara',
    locale: 'en',
    ended: true,
    pages: [
      { name: 'Amara Okafor', email: 'amara.okafor@demo.example' },
      { most: 'Wheelchair', help: ['Repairs closer to home', 'A loan while mine is repaired'], years: '6' },
      {
        more: 'My chair was away for repairs for three weeks last winter, and I stayed at home.',
        agree: true,
      },
    ],
  },
  {
    key: 'carmen',
    locale: 'es',
    ended: true,
    pages: [
      { name: 'Carmen Ruiz', email: 'carmen.ruiz@demo.example' },
      { most: 'Communication device', help: ['Training to use it', 'Advice on funding'], years: '2' },
      { agree: true },
    ],
  },
  {
    key: 'elena',
    locale: 'ro',
    ended: false,
    pages: [{ name: 'Elena Ionescu' }, { most: 'Walker', help: ['A lighter model'], years: '1' }],
  },
];

type ResponseDoc = {
  id: string;
  attributes: { answers: FormAnswers; section: number; endedAt: string | null };
};

export async function seedDemoForms(options: {
  baseUrl: string;
  adminToken: string;
  logger: Logger;
  /** the id of the demo administrator (DEMO_FORMS_ADMIN), told of each ended response */
  notify: string;
}): Promise<{ form: string }> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  const form = await admin.command(
    'POST',
    '/forms',
    { data: { type: 'forms', attributes: demoForm } },
    `${KEY}:form`,
  );
  const fields = new Map<string, string>();
  let position = BigInt(form.position);
  const reached = (at: string) => {
    if (BigInt(at) > position) position = BigInt(at);
  };
  for (const { key, fieldType, dataType, description, ...attributes } of demoFormFields) {
    const made = await admin.command(
      'POST',
      '/form-fields',
      {
        data: {
          type: 'form-fields',
          attributes: {
            required: false,
            config: {},
            ...attributes,
            ...(description !== undefined ? { description } : {}),
          },
          relationships: {
            form: { data: { type: 'forms', id: form.id } },
            fieldType: { data: { type: 'form-field-types', id: fieldType } },
            ...(dataType !== undefined
              ? { dataType: { data: { type: 'form-data-types', id: dataType } } }
              : {}),
          },
        },
      },
      `${KEY}:field:${key}`,
    );
    fields.set(key, made.id);
    reached(made.position);
  }
  const workflow = await admin.command(
    'POST',
    '/form-workflows',
    {
      data: {
        type: 'form-workflows',
        attributes: { ...demoFormWorkflow, config: { userIds: [options.notify] } },
        relationships: {
          form: { data: { type: 'forms', id: form.id } },
          workflowType: { data: { type: 'form-workflow-types', id: 'notify_users' } },
        },
      },
    },
    `${KEY}:workflow:notify`,
  );
  reached(workflow.position);
  const receipt = await admin.command(
    'POST',
    '/form-workflows',
    {
      data: {
        type: 'form-workflows',
        attributes: {
          name: demoReceiptWorkflow.name,
          config: { emailFieldId: fields.get('email')!, message: demoReceiptWorkflow.message },
        },
        relationships: {
          form: { data: { type: 'forms', id: form.id } },
          workflowType: { data: { type: 'form-workflow-types', id: 'email_respondent' } },
        },
      },
    },
    `${KEY}:workflow:receipt`,
  );
  reached(receipt.position);

  // the responses already there (a run again): each demo visitor's is known by its name's answer. Read once the
  // fields and the workflow are in the read models, which a response's pages and its end are checked and run from
  const at = position.toString();
  const existing = (
    (await admin.get(`/form-responses?filter[form]=${form.id}&page[size]=100&minPosition=${at}`)) as {
      data: ResponseDoc[];
    }
  ).data;
  await admin.get(`/form-workflows/${receipt.id}?minPosition=${at}`);
  const nameField = fields.get('name')!;

  // no credential, as a visitor; only the seeder's pass, which takes a first start's requests past its "starting" gate
  const visitor = async (method: string, path: string, body?: unknown, key?: string) => {
    const sent = await fetch(`${options.baseUrl}/api/v1/services/aforms/${form.id}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.api+json',
        'x-requested-with': 'XMLHttpRequest',
        [SEEDER_PASS_HEADER]: options.adminToken,
        ...(body !== undefined ? { 'content-type': 'application/vnd.api+json' } : {}),
        ...(key !== undefined ? { 'idempotency-key': key } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await sent.json()) as unknown;
    if (!sent.ok)
      throw new Error(
        `Seeding the demo form's ${method} ${path || '/'} failed (${sent.status}): ${JSON.stringify(answer)}`,
      );
    return answer;
  };

  let seeded = 0;
  for (const response of demoFormResponses) {
    const name = response.pages[0]!.name;
    const mine = existing.filter((r) => r.attributes.answers[nameField] === name);
    const done = (r: ResponseDoc) =>
      response.ended ? r.attributes.endedAt !== null : r.attributes.section >= response.pages.length;
    if (mine.some(done)) continue;
    // an interrupted run's response, its token lost: put aside, and made again
    for (const left of mine)
      await admin.command(
        'POST',
        `/form-responses/${left.id}/soft-delete`,
        undefined,
        `${KEY}:aside:${left.id}`,
      );

    // as a visitor's browser: the page's challenge solved, then the response started, saved page by page, ended
    const page = (await visitor('GET', `?minPosition=${at}`)) as PublicAdvancedForm;
    const challenge = page.data.attributes.captcha;
    const captcha = challenge ? await solveCaptcha(challenge) : null;
    const started = (await visitor('POST', '/responses', {
      data: { type: 'form-responses', attributes: { captcha, locale: response.locale } },
    })) as StartedFormResponse;
    const { token } = started.meta;
    for (const [index, answers] of response.pages.entries())
      await visitor(
        'PUT',
        `/responses/${token}/sections/${index}`,
        {
          data: {
            type: 'form-responses',
            attributes: {
              answers: Object.fromEntries(
                Object.entries(answers).map(([key, value]) => [fields.get(key)!, value]),
              ),
            },
          },
        },
        `${KEY}:response:${response.key}:${token}:page:${index}`,
      );
    if (response.ended)
      await visitor(
        'POST',
        `/responses/${token}/end`,
        undefined,
        `${KEY}:response:${response.key}:${token}:end`,
      );
    seeded++;
  }
  options.logger.info({ form: form.id, responses: seeded }, 'demo advanced forms seeded');
  return { form: form.id };
}
