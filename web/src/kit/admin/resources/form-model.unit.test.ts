import { accountDocumentResource } from '@platform/contracts/accounting/records';
import { lightUserFormResource } from '@platform/contracts/contacts/records';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { eqlaatProjectStepResource } from '@platform/contracts/eqlaat/records';
import { adminFileResource } from '@platform/contracts/files/admin-file';
import { fileResource } from '@platform/contracts/files/file';
import { notificationResource } from '@platform/contracts/notifications/notification';
import { repositoryItemResource } from '@platform/contracts/repository/records';
import { languageLineResource } from '@platform/contracts/site-settings/language-line';
import { describe, expect, it } from 'vitest';
import {
  defaultsOf,
  fieldOfServerPointer,
  formFields,
  initialValues,
  presetRelationships,
  toSaveDocument,
} from './form-model.ts';

const USER = '0b6c1f0e-6a7d-4c1e-9a55-0f6f1d6e2a10';

describe('the form of a resource, made from its definition', () => {
  it('leaves out what the viewer may not write: a contributor’s item has no publication date nor access level', () => {
    const names = (roles: Array<'contributor' | 'app_admin'>) =>
      formFields(repositoryItemResource, {
        userId: USER,
        roles,
        accessWeight: 300,
        isAdmin: false,
      }).map((f) => f.name);
    const contributor = names(['contributor']);
    expect(contributor).not.toContain('publishedAt');
    expect(contributor).not.toContain('accessLevel');
    expect(contributor).toEqual(
      expect.arrayContaining(['title', 'description', 'attachments', 'categories']),
    );
    // a publisher sets both; without a viewer, every field is there
    expect(names(['app_admin'])).toEqual(expect.arrayContaining(['publishedAt', 'accessLevel']));
    expect(formFields(repositoryItemResource).map((f) => f.name)).toEqual(
      expect.arrayContaining(['publishedAt', 'accessLevel']),
    );
  });

  it('gives each attribute the widget of its kind, and each relationship a picker', () => {
    const coupon = formFields(couponResource).map((f) => [f.name, f.widget, f.required]);
    expect(coupon).toEqual([
      ['name', 'text', true],
      ['description', 'multiline', false],
      ['amount', 'number', false],
      ['purchaseLimitCount', 'number', false],
      ['purchaseIndividualLimitCount', 'number', false],
      ['purchaseLimitAt', 'datetime', false],
    ]);
    expect(formFields(languageLineResource).find((f) => f.name === 'text')?.widget).toBe('json');
    expect(formFields(notificationResource).at(-1)).toMatchObject({
      name: 'user',
      widget: 'relationship',
      relationship: { type: 'users', many: false },
    });
    expect(formFields(couponResource).find((f) => f.name === 'amount')).toMatchObject({
      integer: true,
      min: 0,
      max: 100_000_000,
    });
  });

  it('leaves out what the platform alone writes, and gives a file field its families', () => {
    expect(formFields(adminFileResource).map((f) => [f.name, f.widget])).toEqual([
      ['name', 'text'],
      ['organization', 'relationship'],
      ['file', 'relationship'],
      ['fileContainer', 'relationship'],
    ]);
    expect(formFields(adminFileResource).find((f) => f.name === 'file')?.relationship).toEqual({
      type: 'files',
      many: false,
      families: ['video', 'audio', 'image', 'doc', '3d', 'lcc', 'svg'],
    });
    // a private file field (an account's invoice) uploads its files not public
    expect(formFields(accountDocumentResource).find((f) => f.name === 'file')?.relationship).toEqual({
      type: 'files',
      many: false,
      families: ['doc', 'image'],
      private: true,
    });
    // a file's content facts come from its upload
    expect(formFields(fileResource).map((f) => f.name)).toEqual([
      'name',
      'description',
      'isPublic',
      'organization',
    ]);
  });

  it('starts a new record from the schema defaults', () => {
    const fields = formFields(couponResource);
    expect(defaultsOf(couponResource)).toMatchObject({ amount: 0, description: null, purchaseLimitAt: null });
    expect(initialValues(fields, null, defaultsOf(couponResource))).toEqual({
      name: '',
      description: '',
      amount: 0,
      purchaseLimitCount: null,
      purchaseIndividualLimitCount: null,
      purchaseLimitAt: '',
    });
  });

  it('sends every value on a create: null where the attribute may be null, an empty required text as it is', () => {
    const fields = formFields(couponResource);
    const values = { ...initialValues(fields, null, defaultsOf(couponResource)), amount: 1250 };
    expect(toSaveDocument(fields, values, 'create')).toEqual({
      attributes: {
        name: '',
        description: null,
        amount: 1250,
        purchaseLimitCount: null,
        purchaseIndividualLimitCount: null,
        purchaseLimitAt: null,
      },
      relationships: {},
      problems: {},
    });
  });

  it('sends only what changed on an update', () => {
    const fields = formFields(couponResource);
    const record = {
      attributes: { name: 'Spring', description: null, amount: 500, purchaseLimitCount: 10 },
    };
    const initial = initialValues(fields, record);
    const values = { ...initial, name: 'Spring sale', purchaseLimitCount: null };
    expect(toSaveDocument(fields, values, 'update', initial)).toEqual({
      attributes: { name: 'Spring sale', purchaseLimitCount: null },
      relationships: {},
      problems: {},
    });
  });

  it('shows a date and time as the viewer’s zone’s wall clock, and reads it back in that zone', () => {
    const coupon = formFields(couponResource);
    const record = { attributes: { name: 'A', amount: 1, purchaseLimitAt: '2026-05-01T08:30:00.000Z' } };
    const initial = initialValues(coupon, record, {}, 'America/New_York');
    expect(initial.purchaseLimitAt).toBe('2026-05-01T04:30');
    expect(initialValues(coupon, record, {}, 'Asia/Tokyo').purchaseLimitAt).toBe('2026-05-01T17:30');
    const edited = { ...initial, purchaseLimitAt: '2026-05-01T09:00' };
    expect(toSaveDocument(coupon, edited, 'update', initial, 'America/New_York').attributes).toEqual({
      purchaseLimitAt: '2026-05-01T13:00:00.000Z',
    });
    // unchanged, it is not sent again
    expect(toSaveDocument(coupon, initial, 'update', initial, 'America/New_York').attributes).toEqual({});
    expect(
      toSaveDocument(
        coupon,
        { ...initial, purchaseLimitAt: 'tomorrow' },
        'update',
        initial,
        'America/New_York',
      ).problems,
    ).toEqual({ purchaseLimitAt: 'datetime' });
  });

  it('turns dates, JSON and ids into what the API takes, and says which values it cannot', () => {
    const lines = formFields(languageLineResource);
    expect(
      toSaveDocument(lines, { name: 'shell.x', group: '', text: '{"en": "Hi"}' }, 'create').attributes,
    ).toEqual({ name: 'shell.x', text: { en: 'Hi' } });
    expect(toSaveDocument(lines, { name: 'x', group: 'web', text: '{oops' }, 'create').problems).toEqual({
      text: 'json',
    });
    const notification = formFields(notificationResource);
    const base = initialValues(notification, null, defaultsOf(notificationResource));
    expect(
      toSaveDocument(notification, { ...base, message: 'Hi', notificationType: 'x', user: USER }, 'create')
        .relationships,
    ).toEqual({ user: { data: { type: 'users', id: USER } } });
    // a reference list's fixed rows have keys, not uuids: the picker's ids go as they are
    expect(toSaveDocument(notification, { ...base, user: 'not_specified' }, 'create').relationships).toEqual({
      user: { data: { type: 'users', id: 'not_specified' } },
    });
    expect(toSaveDocument(notification, { ...base, user: '' }, 'create').relationships).toEqual({
      user: { data: null },
    });
    const coupon = formFields(couponResource);
    const values = { ...initialValues(coupon, { attributes: { name: 'A', amount: 1 } }), amount: null };
    expect(
      toSaveDocument(
        coupon,
        values,
        'update',
        initialValues(coupon, { attributes: { name: 'A', amount: 1 } }),
      ).problems,
    ).toEqual({ amount: 'required' });
  });

  it('never asks for a secret the platform makes on a create; an update shows it on one line, and emptied it is null', () => {
    const created = formFields(lightUserFormResource, undefined, 'create');
    expect(created.map((f) => f.name)).not.toContain('token');
    const values = { ...initialValues(created, null, defaultsOf(lightUserFormResource)), title: 'Fair 2031' };
    expect(toSaveDocument(created, values, 'create').attributes).not.toHaveProperty('token');

    const updated = formFields(lightUserFormResource, undefined, 'update');
    expect(updated.find((f) => f.name === 'token')).toMatchObject({
      widget: 'text',
      generated: 'secret',
      required: false,
    });
    const record = { attributes: { title: 'Fair 2031', token: 'k3Y_4n0tH3r-s3cr3t-v4lu3-0f-32ch' } };
    const initial = initialValues(updated, record);
    expect(initial.token).toBe('k3Y_4n0tH3r-s3cr3t-v4lu3-0f-32ch');
    // unchanged, it is not sent; emptied, the platform is asked for a new one
    expect(toSaveDocument(updated, initial, 'update', initial).attributes).toEqual({});
    expect(toSaveDocument(updated, { ...initial, token: '' }, 'update', initial)).toEqual({
      attributes: { token: null },
      relationships: {},
      problems: {},
    });
    // a form that does not say which it is lists it, and leaves it to the platform on a create
    const any = formFields(lightUserFormResource);
    expect(
      toSaveDocument(any, { ...initialValues(any, null), title: 'Fair' }, 'create').attributes,
    ).not.toHaveProperty('token');
    // the other fields keep their widgets
    expect(updated.find((f) => f.name === 'description')).toMatchObject({ widget: 'multiline' });
    expect(updated.find((f) => f.name === 'description')).not.toHaveProperty('generated');
  });

  it('preselects a new record’s to-one relationships its address names, and nothing else', () => {
    const fields = formFields(eqlaatProjectStepResource);
    expect(presetRelationships(fields, `?project=${USER}&statuses=pending&doneAt=2030-01-01&x=1`)).toEqual({
      project: USER,
    });
    // an id that is no id is not preselected
    expect(presetRelationships(fields, '?project=..%2Fadmin')).toEqual({});
    // a file field is chosen by uploading, not by an address
    expect(presetRelationships(formFields(repositoryItemResource), `?image=${USER}`)).toEqual({});
  });

  it('finds the field a server pointer names', () => {
    const fields = formFields(notificationResource);
    expect(fieldOfServerPointer('/data/attributes/message', fields)).toBe('message');
    expect(fieldOfServerPointer('/data/relationships/user/data/id', fields)).toBe('user');
    expect(fieldOfServerPointer('/data/relationships/user/data/2/id', fields)).toBe('user');
    expect(fieldOfServerPointer('/data/id', fields)).toBe('id');
    expect(fieldOfServerPointer('/data/attributes/unknown', fields)).toBe('_form');
    expect(fieldOfServerPointer(undefined, fields)).toBe('_form');
  });
});
