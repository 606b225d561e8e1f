import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import {
  commandAnswer,
  consentDecided,
  FIRST_RENDER,
  meDocument,
  memberRecord,
  route,
} from '../../kit/admin/admin-testing.ts';

const FORM = '0f000000-0000-4000-8000-0000000000a1';
const WORKFLOW = '0f000000-0000-4000-8000-0000000000c4';
const NAME = '0f000000-0000-4000-8000-000000000011';
const EMAIL = '0f000000-0000-4000-8000-000000000012';
const WORK_EMAIL = '0f000000-0000-4000-8000-000000000013';
const AGREE = '0f000000-0000-4000-8000-000000000014';
const ADA = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a01';
const GRACE = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a02';
const member = memberRecord;
const STAMPS = {
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
  deletedAt: null,
};

const field = (id: string, position: number, title: string, fieldType: string, dataType?: string) => ({
  type: 'form-fields',
  id,
  attributes: { title, description: null, position, required: false, config: {}, ...STAMPS },
  relationships: {
    form: { data: { type: 'forms', id: FORM } },
    fieldType: { data: { type: 'form-field-types', id: fieldType } },
    dataType: { data: dataType ? { type: 'form-data-types', id: dataType } : null },
  },
});

const workflow = (type: string, config: Record<string, unknown>) => ({
  type: 'form-workflows',
  id: WORKFLOW,
  attributes: { name: 'After a response', config, ...STAMPS },
  relationships: {
    form: { data: { type: 'forms', id: FORM } },
    workflowType: { data: { type: 'form-workflow-types', id: type } },
  },
  meta: { version: '2' },
});

function open(record: ReturnType<typeof workflow>) {
  consentDecided();
  const writes: FakeRequest[] = [];
  renderApp(`/admin/resources/form-workflows/update/${WORKFLOW}`, {
    me: meDocument({ roles: ['app_admin'] }),
    handlers: [
      route('GET', `/api/v1/form-workflows/${WORKFLOW}`, () =>
        fakeJson(200, {
          data: record,
          included: [{ type: 'forms', id: FORM, attributes: { name: 'Needs 2031' } }],
        }),
      ),
      route('GET', '/api/v1/form-fields', (request) => {
        expect(request.url.searchParams.get('filter[form]')).toBe(FORM);
        const data = [
          field(NAME, 0, 'Your name', 'short_text'),
          field(EMAIL, 1, 'Your e-mail', 'short_text', 'email'),
          field(WORK_EMAIL, 2, 'Your work e-mail', 'short_text', 'email'),
          field(AGREE, 3, 'I agree', 'checkbox'),
        ];
        return fakeJson(200, {
          data,
          meta: { total: data.length, page: { number: 1, size: 25, totalPages: 1 } },
        });
      }),
      route('GET', `/api/v1/users/${ADA}`, () => fakeJson(200, { data: member(ADA, 'Ada', 'Lovelace') })),
      route('GET', '/api/v1/users', () =>
        fakeJson(200, {
          data: [member(GRACE, 'Grace', 'Hopper')],
          meta: { total: 1, page: { number: 1, size: 20, totalPages: 1 } },
        }),
      ),
      route(
        'PATCH',
        `/api/v1/form-workflows/${WORKFLOW}`,
        () => fakeJson(200, commandAnswer('form-workflows', WORKFLOW, '77')),
        writes,
      ),
    ],
  });
  return { writes };
}

describe('a form workflow’s settings in the back office', () => {
  it('chooses the address among the form’s e-mail questions by their titles, with the copy’s opening words', async () => {
    const { writes } = open(workflow('email_respondent', { emailFieldId: EMAIL }));
    const settings = await screen.findByRole('group', { name: 'Settings' }, FIRST_RENDER);
    const address = await within(settings).findByRole('button', {
      name: /Question asking their e-mail address/,
    });
    expect(address.textContent).toContain('Your e-mail');
    await userEvent.click(address);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // only the e-mail questions are offered, with a way to choose none
    expect(options.map((o) => o.textContent)).toEqual(['Not chosen', 'Your e-mail', 'Your work e-mail']);
    await userEvent.click(options[2]!);
    await userEvent.type(
      within(settings).getByRole('textbox', { name: 'Words the copy begins with' }),
      'Thanks!',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]!.body as { data: { attributes: { config: unknown } } };
    expect(body.data.attributes.config).toEqual({ emailFieldId: WORK_EMAIL, message: 'Thanks!' });
  });

  it('keeps a contact from the questions it names, the optional ones left to none', async () => {
    open(workflow('create_contact', { emailFieldId: EMAIL, firstNameFieldId: NAME, lastNameFieldId: NAME }));
    const settings = await screen.findByRole('group', { name: 'Settings' }, FIRST_RENDER);
    await within(settings).findByRole('button', { name: /Question asking their first name/ });
    expect(
      within(settings).getByRole('button', { name: /Question asking their phone number/ }).textContent,
    ).toContain('None');
    expect(
      within(settings).getByRole('button', { name: /Checkbox asking for the newsletter/ }).textContent,
    ).toContain('None');
  });

  it('chooses the members to tell by name, those named already shown by their names', async () => {
    const { writes } = open(workflow('notify_users', { userIds: [ADA] }));
    const settings = await screen.findByRole('group', { name: 'Settings' }, FIRST_RENDER);
    const chosen = within(settings).getByRole('grid', { name: 'Chosen: Members to tell' });
    await within(chosen).findByText('Ada Lovelace');
    await userEvent.click(within(settings).getByRole('combobox', { name: /^Members to tell/ }));
    await userEvent.keyboard('hop');
    await screen.findByRole('option', { name: /Grace Hopper/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await within(chosen).findByText('Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const body = writes[0]!.body as { data: { attributes: { config: unknown } } };
    expect(body.data.attributes.config).toEqual({ userIds: [ADA, GRACE] });
  });

  it('leaves settings it cannot read as JSON, so that nothing is lost', async () => {
    open(workflow('notify_users', { userIds: 'everyone' }));
    const json = await screen.findByRole('textbox', { name: 'Settings' }, FIRST_RENDER);
    await waitFor(() =>
      expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ userIds: 'everyone' }),
    );
    expect(screen.queryByRole('group', { name: 'Settings' })).toBeNull();
  });
});
