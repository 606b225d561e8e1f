import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../kit/api/errors.ts';
import { maySend, refusalOf } from './send-api.ts';

const viewer = (roles: ViewerFacts['roles']): ViewerFacts => ({
  userId: 'me-1',
  roles,
  accessWeight: 0,
  isAdmin: false,
});
const live = { attributes: { subject: 'Spring news', deletedAt: null } };
const CONTACTS_ON = { contacts: true };

describe('who may send a newsletter', () => {
  it('whoever may update the template, with the contacts feature on', () => {
    expect(maySend(mailingTemplateResource, live, viewer(['app_admin']), CONTACTS_ON)).toBe(true);
    expect(maySend(mailingTemplateResource, live, viewer([]), CONTACTS_ON)).toBe(false);
  });

  it('asks the template’s update rule, not another one', () => {
    const readOnly = {
      ...mailingTemplateResource,
      access: { ...mailingTemplateResource.access, update: { roles: ['admin'] as const } },
    };
    expect(maySend(readOnly, live, viewer(['app_admin']), CONTACTS_ON)).toBe(false);
    expect(maySend(readOnly, live, viewer(['admin']), CONTACTS_ON)).toBe(true);
  });

  it('nobody without the contacts feature, nor a letter in the trash', () => {
    expect(maySend(mailingTemplateResource, live, viewer(['app_admin']), { contacts: false })).toBe(false);
    const trashed = { attributes: { ...live.attributes, deletedAt: '2031-03-01T09:00:00.000Z' } };
    expect(maySend(mailingTemplateResource, trashed, viewer(['app_admin']), CONTACTS_ON)).toBe(false);
  });
});

describe('a refused sending', () => {
  const answer = (kind: ApiError['kind'], status: number, code?: string) =>
    new ApiError(kind, 'refused', {
      status,
      errors: [{ status: String(status), ...(code ? { code } : {}) }],
    });

  it('names the contract’s two conflicts', () => {
    expect(refusalOf(answer('conflict', 409, 'conflict.newsletter_already_sent'))).toBe('alreadySent');
    expect(refusalOf(answer('conflict', 409, 'conflict.newsletter_no_recipients'))).toBe('noRecipients');
  });

  it('is final for a template gone, a refusal of access or another conflict', () => {
    expect(refusalOf(answer('not-found', 404, 'not_found'))).toBe('notFound');
    expect(refusalOf(answer('forbidden', 403, 'auth.forbidden'))).toBe('other');
    expect(refusalOf(answer('conflict', 409, 'conflict.wrong_expected_version'))).toBe('other');
  });

  it('is no refusal when nothing or a failure answered: those may be retried', () => {
    expect(refusalOf(new ApiError('network', 'Network Error'))).toBeNull();
    expect(refusalOf(new ApiError('timeout', 'timeout of 30000ms exceeded'))).toBeNull();
    expect(refusalOf(answer('unexpected', 500, 'internal'))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
  });
});
