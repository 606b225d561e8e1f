import { couponResource } from '@platform/contracts/coupons/coupon';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { resourceFields } from '@platform/contracts/resources/fields';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { allMessages } from '../../i18n/all-messages.ts';
import { formFields } from './form-model.ts';
import { ariaSort, nextSort, readSort } from './list-query.ts';
import { parseResourceRoute } from './paths.ts';
import { fieldMessageId } from './resource-ui.tsx';
import { saveErrors } from './server-errors.ts';
import { mayOpen, viewerFacts } from './viewer.ts';

const user = (roles: string[], isAdmin = false) => ({
  id: 'u-1',
  roles,
  isAdmin,
  effectiveAccessWeight: 300,
});

describe('the back office routes', () => {
  it('reads what a path asks for', () => {
    expect(parseResourceRoute({ resource: 'coupons' })).toEqual({ type: 'coupons', action: 'root' });
    expect(parseResourceRoute({ resource: 'coupons', action: 'index' })).toEqual({
      type: 'coupons',
      action: 'index',
    });
    expect(parseResourceRoute({ resource: 'coupons', action: 'update', id: 'x' })).toEqual({
      type: 'coupons',
      action: 'update',
      id: 'x',
    });
    expect(parseResourceRoute({ resource: 'coupons', action: 'history', id: 'x', revision: '0' })).toEqual({
      type: 'coupons',
      action: 'asItWas',
      id: 'x',
      revision: '0',
    });
    expect(parseResourceRoute({ resource: 'coupons', action: 'show' })).toBeNull();
    expect(parseResourceRoute({ resource: 'coupons', action: 'publish', id: 'x' })).toBeNull();
  });

  it('opens a screen when the type may be seen and its action is allowed', () => {
    expect(mayOpen(couponResource, 'update', viewerFacts(user(['app_admin'])))).toBe(true);
    expect(mayOpen(couponResource, 'index', viewerFacts(user(['admin'], true)))).toBe(true);
    // index is allowed to every signed-in member, but seeing the type is not
    expect(mayOpen(couponResource, 'index', viewerFacts(user([])))).toBe(false);
  });

  it('sorts by the definition default, then by clicked columns', () => {
    const sort = readSort(couponResource, null);
    expect(sort).toEqual({ field: 'name', direction: 'asc' });
    expect(readSort(couponResource, '-amount')).toEqual({ field: 'amount', direction: 'desc' });
    expect(readSort(couponResource, 'description')).toEqual(sort);
    expect(nextSort(sort, 'name')).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSort(sort, 'amount')).toEqual({ field: 'amount', direction: 'asc' });
    expect(ariaSort(sort, 'name')).toBe('ascending');
    expect(ariaSort(sort, 'amount')).toBe('none');
  });
});

describe('server answers on the form', () => {
  const fields = formFields(couponResource);
  const lookup = (id: string) =>
    ({ 'serverError.conflict': 'Conflict', 'serverError.conflict.duplicate_value': 'Taken' })[id];

  it('puts a 422 on the field its pointer names, with the server detail when no message is known', () => {
    const error = new ApiError('validation', 'Invalid', {
      status: 422,
      errors: [
        { code: 'validation.too_small', detail: 'Too short', source: { pointer: '/data/attributes/name' } },
        { code: 'validation.x', detail: 'Odd', source: { pointer: '/data/attributes/nope' } },
      ],
    });
    expect(saveErrors(error, fields, lookup)).toEqual({ name: 'Too short', _form: 'Odd' });
  });

  it('puts a 409 on the unique field it names, else on the id field', () => {
    const taken = new ApiError('conflict', 'Taken', {
      status: 409,
      errors: [{ code: 'conflict.duplicate_value', source: { pointer: '/data/attributes/name' } }],
    });
    expect(saveErrors(taken, fields, lookup)).toEqual({ name: 'Taken' });
    const stale = new ApiError('conflict', 'Stale', {
      status: 409,
      errors: [{ code: 'conflict.wrong_expected_version' }],
    });
    expect(saveErrors(stale, fields, lookup)).toEqual({ id: 'Conflict' });
    expect(saveErrors(new ApiError('forbidden', 'No'), fields, lookup)).toBeNull();
  });
});

describe('labels', () => {
  it.each(['en', 'fr', 'it', 'es', 'ca', 'da', 'ro'] as const)(
    'every type, attribute, computed field, relationship and yes-or-no list filter of the catalogue has a %s label',
    (locale) => {
      const messages = allMessages(locale);
      const missing: string[] = [];
      for (const definition of resourceCatalogue) {
        const names = [
          ...resourceFields(definition).map((f) => f.name),
          ...Object.keys(definition.computed),
          ...Object.keys(definition.relationships),
          // the list's yes-or-no filters on whether attributes are set (a publishable type's `published`)
          ...Object.entries(definition.listFilters)
            .filter(([, filter]) => filter.kind === 'present')
            .map(([name]) => name),
          'id',
          'createdAt',
          'updatedAt',
          'deletedAt',
          'version',
        ];
        for (const id of [`admin.menu.${definition.type}`, `admin.menu.group.${definition.menu.group}`])
          if (!messages[id]) missing.push(id);
        for (const name of names)
          if (!messages[fieldMessageId(definition.type, name)])
            missing.push(fieldMessageId(definition.type, name));
      }
      expect(missing).toEqual([]);
    },
  );
});
