import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import {
  commandAnswer,
  consentDecided,
  FIRST_RENDER,
  listMeta,
  meDocument,
  memberRecord,
  route,
} from '../admin-testing.ts';

const ID = '0b6c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a10';
const coupon = (attributes: Record<string, unknown> = {}) => ({
  type: 'coupons',
  id: ID,
  attributes: {
    name: 'Spring',
    description: null,
    amount: 500,
    purchaseLimitCount: null,
    purchaseIndividualLimitCount: null,
    purchaseLimitAt: null,
    purchasedCouponsCount: 0,
    firstPurchaseAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
    deletedAt: null,
    ...attributes,
  },
  relationships: {},
  meta: { version: '0' },
});

function fakeServer() {
  const writes: FakeRequest[] = [];
  const reads: FakeRequest[] = [];
  const handlers = [
    route('GET', '/api/v1/coupons', () => fakeJson(200, { data: [coupon()], meta: listMeta(1) }), reads),
    route('GET', `/api/v1/coupons/${ID}`, () => fakeJson(200, { data: coupon() }), reads),
    route(
      'POST',
      '/api/v1/coupons',
      (r) => {
        const body = r.body as { data: { attributes: { name: string } } };
        if (!body.data.attributes.name)
          return fakeJson(422, {
            errors: [
              {
                status: '422',
                code: 'validation.too_small',
                detail: 'The name must not be empty',
                source: { pointer: '/data/attributes/name' },
              },
            ],
          });
        return fakeJson(201, commandAnswer('coupons', ID, '41'));
      },
      writes,
    ),
    route(
      'PATCH',
      `/api/v1/coupons/${ID}`,
      () =>
        fakeJson(409, {
          errors: [{ status: '409', code: 'conflict.wrong_expected_version', detail: 'Stale' }],
        }),
      writes,
    ),
  ];
  return { handlers, writes, reads };
}

describe('the resource back office', () => {
  it('lists coupons in a sortable table', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/resources/coupons/index', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const table = await screen.findByRole('table', { name: 'Coupons: 1 record' }, FIRST_RENDER);
    const header = within(table).getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(server.reads.at(-1)!.url.searchParams.get('sort')).toBe('-name'));
    expect(within(table).getByRole('link', { name: 'Edit “Spring”' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'New record' }));
    await screen.findByRole('heading', { level: 1, name: 'Coupons: new record' });
  });

  it('says "more than" a list that counted no further, and its pager goes on past the last counted page', async () => {
    consentDecided();
    const reads: FakeRequest[] = [];
    // a list that stopped counting at its bound (ADR 0045): 25 a page, the bound the cap or the page's end
    const capped = (page: number) => {
      const total = Math.max(50, page * 25);
      return {
        total,
        totalCapped: true,
        page: { number: page, size: 25, totalPages: Math.ceil(total / 25) },
      };
    };
    renderApp('/admin/resources/coupons/index', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: [
        route(
          'GET',
          '/api/v1/coupons',
          (r) =>
            fakeJson(200, {
              data: [coupon()],
              meta: capped(Number(r.url.searchParams.get('page[number]') ?? '1')),
            }),
          reads,
        ),
      ],
    });
    await screen.findByRole('table', { name: 'Coupons: more than 50 records' }, FIRST_RENDER);
    const pager = screen.getByRole('navigation', { name: /Pages of/ });
    expect(within(pager).getByText('Page 1 of 2 or more')).toBeTruthy();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 2 or more');
    // past the last counted page: the next one is still open, and its answer counts further
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('table', { name: 'Coupons: more than 75 records' });
    expect(screen.getByText('Page 3 of 3 or more')).toBeTruthy();
    expect(reads.at(-1)!.url.searchParams.get('page[number]')).toBe('3');
  });

  it('shows a 422 on the field it names, then creates', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp('/admin/resources/coupons/create', {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    await screen.findByRole('heading', { level: 1, name: 'Coupons: new record' }, FIRST_RENDER);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The name must not be empty')).toBeTruthy();
    expect(screen.getByLabelText('Name (required)').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('Name (required)'), 'Summer');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes).toHaveLength(2));
    expect(server.writes[1]!.body).toMatchObject({
      data: { type: 'coupons', attributes: { name: 'Summer', amount: 0 } },
    });
  });

  it('puts a stale version on the id field, with If-Match from the loaded version', async () => {
    consentDecided();
    const server = fakeServer();
    renderApp(`/admin/resources/coupons/update/${ID}`, {
      me: meDocument({ roles: ['app_admin'] }),
      handlers: server.handlers,
    });
    const name = await screen.findByLabelText('Name (required)', {}, FIRST_RENDER);
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Spring'));
    await userEvent.type(name, ' sale');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this item/)).toBeTruthy();
    expect(screen.getByLabelText('Identifier').getAttribute('aria-invalid')).toBe('true');
    expect(server.writes[0]!.headers.get('if-match')).toBe('"0"');
    expect(server.writes[0]!.body).toEqual({
      data: { type: 'coupons', id: ID, attributes: { name: 'Spring sale' } },
    });
  });

  it('sends a viewer without the rule to the unauthorized screen', async () => {
    consentDecided();
    const { location } = renderApp('/admin/resources/coupons/create', { me: meDocument({ roles: [] }) });
    await waitFor(
      () =>
        expect(location.history?.at(-1)).toBe(
          '/errors/unauthorized?redirectUrl=%2Fadmin%2Fresources%2Fcoupons%2Fcreate',
        ),
      FIRST_RENDER,
    );
  });
});

const NOTE = '1e2d3c4b-5a69-4877-8695-a4b3c2d1e0f9';
const ADA = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a01';
const GRACE = '5b0e8f0a-1c3d-4e5f-8a9b-0c1d2e3f4a02';
const member = memberRecord;
const notification = {
  type: 'notifications',
  id: NOTE,
  attributes: {
    notificationType: 'welcome',
    message: 'Welcome aboard',
    details: null,
    actionUrl: null,
    readAt: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
  },
  relationships: { user: { data: { type: 'users', id: ADA } } },
  meta: { version: '4' },
};

describe('a relationship in the resource back office', () => {
  it('lists each record’s member by name, read with include', async () => {
    consentDecided();
    const reads: FakeRequest[] = [];
    renderApp('/admin/resources/notifications/index', {
      me: meDocument({ roles: ['admin'] }),
      handlers: [
        route(
          'GET',
          '/api/v1/notifications',
          () =>
            fakeJson(200, {
              data: [notification],
              included: [member(ADA, 'Ada', 'Lovelace')],
              meta: listMeta(1),
            }),
          reads,
        ),
      ],
    });
    const table = await screen.findByRole('table', { name: /Notifications/ }, FIRST_RENDER);
    expect(within(table).getByRole('columnheader', { name: 'Member' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'Ada Lovelace' })).toBeTruthy();
    // the shell counts the unread notifications through the same list: the screen's read is the paged one
    const list = reads.find((r) => r.url.searchParams.has('page[number]'));
    expect(list!.url.searchParams.get('include')).toBe('user');
  });

  it('edits a to-one relationship by name and shows the server’s 422 on its picker', async () => {
    consentDecided();
    const reads: FakeRequest[] = [];
    const writes: FakeRequest[] = [];
    renderApp(`/admin/resources/notifications/update/${NOTE}`, {
      me: meDocument({ roles: ['admin'] }),
      handlers: [
        route(
          'GET',
          `/api/v1/notifications/${NOTE}`,
          () => fakeJson(200, { data: notification, included: [member(ADA, 'Ada', 'Lovelace')] }),
          reads,
        ),
        route('GET', '/api/v1/users', () =>
          fakeJson(200, { data: [member(GRACE, 'Grace', 'Hopper')], meta: listMeta(1) }),
        ),
        route(
          'PATCH',
          `/api/v1/notifications/${NOTE}`,
          () =>
            fakeJson(422, {
              errors: [
                {
                  status: '422',
                  code: 'validation.invalid_reference',
                  detail: 'This member cannot receive notifications',
                  source: { pointer: '/data/relationships/user/data/id' },
                },
              ],
            }),
          writes,
        ),
      ],
    });
    const picker = await screen.findByRole('combobox', { name: 'Member' }, FIRST_RENDER);
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Ada Lovelace'));
    expect(reads[0]!.url.searchParams.get('include')).toBe('user');
    await userEvent.clear(picker);
    await userEvent.keyboard('hop');
    await screen.findByRole('option', { name: /Grace Hopper/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect((picker as HTMLInputElement).value).toBe('Grace Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This member cannot receive notifications')).toBeTruthy();
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(writes[0]!.body).toEqual({
      data: {
        type: 'notifications',
        id: NOTE,
        attributes: {},
        relationships: { user: { data: { type: 'users', id: GRACE } } },
      },
    });
  });
});
