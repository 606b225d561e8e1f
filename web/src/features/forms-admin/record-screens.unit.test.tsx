import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, meDocument, route } from '../../kit/admin/admin-testing.ts';

const FORM = '0f000000-0000-4000-8000-0000000000a1';
const RESPONSE = '0f000000-0000-4000-8000-0000000000b2';
const WORKFLOW = '0f000000-0000-4000-8000-0000000000c3';
const STAMPS = {
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
  deletedAt: null,
};

const form = {
  type: 'forms',
  id: FORM,
  attributes: {
    name: 'Needs 2031',
    isCaptchaProtected: true,
    openAt: null,
    closeAt: null,
    endedResponsesCount: 2,
    ...STAMPS,
  },
  meta: { version: '1' },
};

const field = (
  id: string,
  position: number,
  title: string,
  fieldType: string,
  more: { required?: boolean; dataType?: string; config?: Record<string, unknown> } = {},
) => ({
  type: 'form-fields',
  id,
  attributes: {
    title,
    description: null,
    position,
    required: more.required ?? false,
    config: more.config ?? {},
    ...STAMPS,
  },
  relationships: {
    form: { data: { type: 'forms', id: FORM } },
    fieldType: { data: { type: 'form-field-types', id: fieldType } },
    dataType: { data: more.dataType ? { type: 'form-data-types', id: more.dataType } : null },
  },
});

const FIELDS = [
  field('0f000000-0000-4000-8000-000000000001', 0, 'About you', 'section'),
  field('0f000000-0000-4000-8000-000000000002', 1, 'Your name', 'short_text', { required: true }),
  field('0f000000-0000-4000-8000-000000000003', 10, 'Your device', 'section'),
  field('0f000000-0000-4000-8000-000000000004', 11, 'Which one?', 'multiple_choice', {
    config: { choices: ['Walker', 'Hoist'] },
  }),
  field('0f000000-0000-4000-8000-000000000005', 12, 'Since', 'short_text', { dataType: 'date' }),
  field('0f000000-0000-4000-8000-000000000006', 13, 'I agree', 'checkbox', { required: true }),
];

const list = (data: unknown[]) =>
  fakeJson(200, { data, meta: { total: data.length, page: { number: 1, size: 25, totalPages: 1 } } });

const handlers = (response?: unknown) => [
  route('GET', `/api/v1/forms/${FORM}`, () => fakeJson(200, { data: form })),
  route('GET', '/api/v1/form-fields', (request) => {
    expect(request.url.searchParams.get('filter[form]')).toBe(FORM);
    return list(FIELDS);
  }),
  route('GET', '/api/v1/form-workflows', () =>
    list([
      {
        type: 'form-workflows',
        id: WORKFLOW,
        attributes: { name: 'Tell the team', config: { userIds: [] }, ...STAMPS },
        relationships: {
          form: { data: { type: 'forms', id: FORM } },
          workflowType: { data: { type: 'form-workflow-types', id: 'notify_users' } },
        },
      },
    ]),
  ),
  ...(response
    ? [route('GET', `/api/v1/form-responses/${RESPONSE}`, () => fakeJson(200, { data: response }))]
    : []),
];

describe('an advanced form’s screen in the back office', () => {
  it('shows its public page, its pages with their questions, its workflows, and the ways to add both', async () => {
    consentDecided();
    renderApp(`/admin/resources/forms/show/${FORM}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: handlers(),
    });
    const questions = await screen.findByRole('region', { name: 'Pages and questions' }, FIRST_RENDER);
    await within(questions).findByRole('link', { name: 'Page 1: About you' }, FIRST_RENDER);
    expect(within(questions).getByRole('link', { name: 'Page 2: Your device' })).toBeTruthy();
    const name = within(questions).getByRole('link', { name: 'Your name' });
    expect(name.getAttribute('href')).toBe(
      '/admin/resources/form-fields/show/0f000000-0000-4000-8000-000000000002',
    );
    expect(name.parentElement?.textContent).toContain('Short text, required');
    expect(within(questions).getByText('Multiple choice')).toBeTruthy();
    expect(within(questions).getByRole('link', { name: 'Add a question' }).getAttribute('href')).toBe(
      `/admin/resources/form-fields/create?form=${FORM}`,
    );
    const workflows = screen.getByRole('region', { name: 'Workflows' });
    expect(within(workflows).getByRole('link', { name: 'Tell the team' })).toBeTruthy();
    expect(within(workflows).getByRole('link', { name: 'Add a workflow' }).getAttribute('href')).toBe(
      `/admin/resources/form-workflows/create?form=${FORM}`,
    );
    const open = within(screen.getByRole('region', { name: 'Public page' })).getByRole('link', {
      name: /^Open the form/,
    });
    expect(open.getAttribute('href')).toBe(`/services/aforms/${FORM}`);
    expect(open.getAttribute('target')).toBe('_blank');
  });
});

describe('a response’s screen in the back office', () => {
  const response = (attributes: Record<string, unknown>) => ({
    type: 'form-responses',
    id: RESPONSE,
    attributes: { locale: 'en', section: 1, endedAt: null, ...attributes, ...STAMPS },
    relationships: { form: { data: { type: 'forms', id: FORM } } },
    meta: { version: '3' },
  });

  it('shows its answers page by page under their questions, in words', async () => {
    consentDecided();
    renderApp(`/admin/resources/form-responses/show/${RESPONSE}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: handlers(
        response({
          endedAt: '2031-03-02T10:30:00.000Z',
          answers: {
            '0f000000-0000-4000-8000-000000000002': 'Ana Pop',
            '0f000000-0000-4000-8000-000000000004': ['Walker', 'Hoist'],
            '0f000000-0000-4000-8000-000000000005': '2030-05-17',
            '0f000000-0000-4000-8000-000000000006': true,
          },
        }),
      ),
    });
    const answers = await screen.findByRole('region', { name: 'Answers' }, FIRST_RENDER);
    await within(answers).findByRole('heading', { name: 'Page 2: Your device' }, FIRST_RENDER);
    expect(within(answers).getByText(/^Sent on /)).toBeTruthy();
    const said = (question: string) => within(answers).getByText(question).nextElementSibling?.textContent;
    expect(said('Your name')).toBe('Ana Pop');
    expect(said('Which one?')).toBe('Walker and Hoist');
    expect(said('Since')).toBe('May 17, 2030');
    expect(said('I agree')).toBe('Yes');
  });

  it('says how far a response still being filled in has come', async () => {
    consentDecided();
    renderApp(`/admin/resources/form-responses/show/${RESPONSE}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: handlers(response({ answers: { '0f000000-0000-4000-8000-000000000002': 'Ana' } })),
    });
    const answers = await screen.findByRole('region', { name: 'Answers' }, FIRST_RENDER);
    expect(within(answers).getByText('Not sent yet: the visitor has reached page 2.')).toBeTruthy();
    await within(answers).findByRole('heading', { name: 'Page 2: Your device' }, FIRST_RENDER);
    expect(within(answers).getAllByText('Not answered')).toHaveLength(3);
  });
});
