import { defineResource } from '@platform/contracts/resources/definition';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ApiProvider } from '../../api/api-context.tsx';
import { NavigationProvider } from '../../routing/router.tsx';
import { ToastProvider } from '../../toast/toast-context.tsx';
import { allMessages } from '../../i18n/all-messages.ts';
import { DEFAULT_ACCESSIBILITY } from '../../state/accessibility.ts';
import type { FakeRequest } from '../../../frame/testing/render-app.tsx';
import { fakeJson } from '../../../frame/testing/render-app.tsx';
import { buildTheme } from '../../theme/theme.ts';
import { route } from '../admin-testing.ts';
import { FieldWidget } from './field-widget.tsx';
import { FormScreen } from './form-screen.tsx';
import type { FormField, FormValue } from './form-model.ts';
import { indexIncluded, type IncludedRecord } from './record-title.ts';
import { ShowScreen } from './show-screen.tsx';

const ADA = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a01';
const GRACE = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a02';
const COUPON = '0b6c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a10';
const PAGE = '7d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f30';
const GADGET = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

const user = (id: string, firstName: string, lastName: string) => ({
  type: 'users',
  id,
  attributes: { firstName, lastName, email: `${firstName.toLowerCase()}@example.org` },
});
const PEOPLE = [user(ADA, 'Ada', 'Lovelace'), user(GRACE, 'Grace', 'Hopper')];

/** GET /api/v1/users answering filter[search] over the names, as the users' list does. */
function usersSearch(reads: FakeRequest[]) {
  return route(
    'GET',
    '/api/v1/users',
    (r) => {
      const text = (r.url.searchParams.get('filter[search]') ?? '').toLowerCase();
      const data = PEOPLE.filter((p) =>
        `${p.attributes.firstName} ${p.attributes.lastName}`.toLowerCase().includes(text),
      );
      return fakeJson(200, { data, meta: { total: data.length } });
    },
    reads,
  );
}

/** The screen under test inside the app's providers, every request answered by the handlers (else 404). */
function renderWithin(
  ui: React.ReactNode,
  handlers: Array<(r: FakeRequest) => Response | undefined>,
  path = '/admin',
) {
  const location = memoryLocation({ path, record: true });
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      body,
      headers: new Headers(init?.headers),
    };
    for (const handler of handlers) {
      const answer = handler(request);
      if (answer) return answer;
    }
    return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'no route' }] });
  }) as typeof fetch;
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ApiProvider fetchFn={fetchFn}>
            <NavigationProvider>
              <ToastProvider>{ui}</ToastProvider>
            </NavigationProvider>
          </ApiProvider>
        </Router>
      </IntlProvider>
    </ThemeProvider>,
  );
  return { location };
}

const picker = (many: boolean): FormField => ({
  name: many ? 'members' : 'member',
  widget: 'relationship',
  kind: 'relationship',
  required: false,
  nullable: true,
  relationship: { type: 'users', many },
});

/** A picker whose value is held like the form holds it; `seen` records every value it was given. */
function Picker({
  field,
  initial,
  included = [],
  seen,
}: {
  field: FormField;
  initial: string;
  included?: IncludedRecord[];
  seen: FormValue[];
}) {
  const [value, setValue] = useState<FormValue>(initial);
  return (
    <FieldWidget
      type="gadgets"
      field={field}
      label={field.relationship?.many ? 'Members' : 'Member'}
      enumLabel={(v) => v}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
      included={indexIncluded(included)}
    />
  );
}

describe('the picker of a relationship', () => {
  it('searches the related type as the reader types, and picks a record by keyboard', async () => {
    const reads: FakeRequest[] = [];
    const seen: FormValue[] = [];
    renderWithin(<Picker field={picker(false)} initial="" seen={seen} />, [usersSearch(reads)]);
    const box = screen.getByRole('combobox', { name: 'Member' });
    await userEvent.click(box);
    await userEvent.keyboard('lov');
    const option = await screen.findByRole('option', { name: /Ada Lovelace/ });
    expect(within(option).getByText('ada@example.org')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Grace Hopper/ })).toBeNull();
    const query = reads.at(-1)!.url.searchParams;
    expect(query.get('filter[search]')).toBe('lov');
    expect(query.get('page[size]')).toBe('20');
    expect(query.get('fields[users]')).toBe('firstName,lastName,email');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(seen.at(-1)).toBe(ADA);
    expect((box as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('adds records of a to-many relationship as tags, and removes them', async () => {
    const seen: FormValue[] = [];
    renderWithin(<Picker field={picker(true)} initial={GRACE} included={[PEOPLE[1]!]} seen={seen} />, [
      usersSearch([]),
    ]);
    const chosen = screen.getByRole('grid', { name: 'Chosen: Members' });
    expect(within(chosen).getByRole('row', { name: 'Grace Hopper' })).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Members' }));
    await userEvent.keyboard('a');
    // Grace is chosen already: only Ada is offered
    await screen.findByRole('option', { name: /Ada Lovelace/ });
    expect(screen.queryByRole('option', { name: /Grace Hopper/ })).toBeNull();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(seen.at(-1)).toBe(`${GRACE}\n${ADA}`);
    expect(within(chosen).getByRole('row', { name: 'Ada Lovelace' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Members' }) as HTMLInputElement).value).toBe('');
    await userEvent.click(within(chosen).getByRole('button', { name: /Remove.*Grace Hopper/ }));
    expect(seen.at(-1)).toBe(ADA);
    expect(within(chosen).queryByRole('row', { name: 'Grace Hopper' })).toBeNull();
    // from the keyboard: the focused tag goes with Delete
    within(chosen).getByRole('row', { name: 'Ada Lovelace' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(seen.at(-1)).toBe('');
    expect(within(chosen).getByText('None chosen.')).toBeTruthy();
  });
});

describe('the picker of a reference list', () => {
  it('shows an access level by its label in the reader language, not by its id', async () => {
    const seen: FormValue[] = [];
    const levels = route('GET', '/api/v1/access-levels', () =>
      fakeJson(200, {
        data: ['member_level_1', 'member_level_2'].map((id) => ({
          type: 'access-levels',
          id,
          attributes: { name: id },
        })),
        meta: { total: 2 },
      }),
    );
    const field: FormField = {
      name: 'accessLevel',
      widget: 'relationship',
      kind: 'relationship',
      required: false,
      nullable: true,
      relationship: { type: 'access-levels', many: false },
    };
    renderWithin(
      <Picker
        field={field}
        initial="member_level_1"
        included={[{ type: 'access-levels', id: 'member_level_1', attributes: { name: 'member_level_1' } }]}
        seen={seen}
      />,
      [levels],
    );
    const box = screen.getByRole('combobox', { name: 'Member' });
    expect((box as HTMLInputElement).value).toBe('Member, level 1');
    await userEvent.clear(box);
    await userEvent.keyboard('level 2');
    await userEvent.click(await screen.findByRole('option', { name: 'Member, level 2' }));
    expect(seen.at(-1)).toBe('member_level_2');
  });
});

const gadgetResource = defineResource({
  type: 'gadgets',
  singular: 'gadget',
  category: 'gadget',
  eventPrefix: 'Gadget',
  module: 'gadgets',
  menu: { group: null, icon: 'widgets' },
  attributes: z.object({ name: z.string().min(1).max(100) }),
  relationships: {
    coupon: { type: 'coupons' },
    owner: { type: 'users' },
    pages: { type: 'app-pages', many: true },
  },
  access: { see: 'admin', index: 'admin', show: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  title: 'name',
});
const ADMIN = { userId: 'me-1', roles: [], accessWeight: 0, isAdmin: true } as const;
const OTHER_PAGE = '7d1e2f3a-4b5c-4d6e-8f7a-8b9c0d1e2f31';

describe('related records on the screens of a record', () => {
  it('names each related record from `included`, as a link where the back office shows it', async () => {
    const reads: FakeRequest[] = [];
    renderWithin(<ShowScreen definition={gadgetResource} viewer={ADMIN} id={GADGET} />, [
      route(
        'GET',
        `/api/v1/gadgets/${GADGET}`,
        () =>
          fakeJson(200, {
            data: {
              type: 'gadgets',
              id: GADGET,
              attributes: { name: 'Lift', createdAt: '2026-05-01T10:00:00.000Z', updatedAt: null },
              relationships: {
                coupon: { data: { type: 'coupons', id: COUPON } },
                owner: { data: { type: 'users', id: ADA } },
                pages: {
                  data: [
                    { type: 'app-pages', id: PAGE },
                    { type: 'app-pages', id: OTHER_PAGE },
                  ],
                },
              },
              meta: { version: '2' },
            },
            included: [
              { type: 'coupons', id: COUPON, attributes: { name: 'Spring' } },
              PEOPLE[0],
              { type: 'app-pages', id: PAGE, attributes: { title: 'About us' } },
            ],
          }),
        reads,
      ),
    ]);
    const coupon = await screen.findByRole('link', { name: 'Spring' });
    expect(coupon.getAttribute('href')).toBe(`/admin/resources/coupons/show/${COUPON}`);
    expect(reads[0]!.url.searchParams.get('include')).toBe('coupon,owner,pages');
    // users have no screen of one record: the name alone
    expect(screen.getByText('Ada Lovelace').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe(
      `/admin/resources/app-pages/show/${PAGE}`,
    );
    // a record the document did not include is shown by its id
    expect(screen.getByRole('link', { name: OTHER_PAGE })).toBeTruthy();
  });

  it('puts a 422 on one record of a to-many relationship on its picker', async () => {
    const writes: FakeRequest[] = [];
    renderWithin(
      <FormScreen definition={gadgetResource} id={GADGET} />,
      [
        route('GET', `/api/v1/gadgets/${GADGET}`, () =>
          fakeJson(200, {
            data: {
              type: 'gadgets',
              id: GADGET,
              attributes: { name: 'Lift' },
              relationships: {
                coupon: { data: null },
                owner: { data: null },
                pages: { data: [{ type: 'app-pages', id: PAGE }] },
              },
              meta: { version: '2' },
            },
            included: [{ type: 'app-pages', id: PAGE, attributes: { title: 'About us' } }],
          }),
        ),
        route('GET', '/api/v1/app-pages', () =>
          fakeJson(200, {
            data: [
              { type: 'app-pages', id: PAGE, attributes: { title: 'About us' } },
              { type: 'app-pages', id: OTHER_PAGE, attributes: { title: 'Contact' } },
            ],
          }),
        ),
        route(
          'PATCH',
          `/api/v1/gadgets/${GADGET}`,
          () =>
            fakeJson(422, {
              errors: [
                {
                  status: '422',
                  code: 'validation.invalid_reference',
                  detail: 'No such page',
                  source: { pointer: '/data/relationships/pages/data/1/id' },
                },
              ],
            }),
          writes,
        ),
      ],
      `/admin/resources/gadgets/update/${GADGET}`,
    );
    const pages = await screen.findByRole('combobox', { name: 'pages' });
    const chosen = screen.getByRole('grid', { name: 'Chosen: pages' });
    expect(within(chosen).getByRole('row', { name: 'About us' })).toBeTruthy();
    await userEvent.click(pages);
    await userEvent.keyboard('cont');
    await screen.findByRole('option', { name: 'Contact' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No such page')).toBeTruthy();
    expect(pages.getAttribute('aria-invalid')).toBe('true');
    expect(pages.getAttribute('aria-describedby')?.split(' ')).toContain(screen.getByText('No such page').id);
    expect(writes[0]!.body).toEqual({
      data: {
        type: 'gadgets',
        id: GADGET,
        attributes: {},
        relationships: {
          pages: {
            data: [
              { type: 'app-pages', id: PAGE },
              { type: 'app-pages', id: OTHER_PAGE },
            ],
          },
        },
      },
    });
  });
});
