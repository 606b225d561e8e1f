import { describe, expect, it } from 'vitest';
import { ApiError } from '../../kit/api/errors.ts';
import { emailOfSegment, linkIsWellFormed, outcomeOfError, signatureOf } from './unsubscribe-api.ts';
import { CONTACT_ID, CONTACT_SIGNATURE } from './testing.ts';

describe('emailOfSegment', () => {
  // what the router hands over: the path segment passed through decodeURI (wouter)
  const routed = (address: string) => decodeURI(encodeURIComponent(address));

  it.each([
    'ana@example.org',
    'ana.pop+news@example.org',
    'a/b=c?d#e&f$g,h;i:j@example.org',
    'x%41y@example.org',
  ])('gives back %s as the link named it', (address) => {
    expect(emailOfSegment(routed(address))).toBe(address);
  });

  it('keeps an address a mail client left undecoded', () => {
    expect(emailOfSegment('ana@example.org')).toBe('ana@example.org');
  });
});

describe('linkIsWellFormed', () => {
  const contact = { kind: 'contact', id: CONTACT_ID } as const;
  it('takes a contact’s uuid or an address, with a 43-character URL-safe signature', () => {
    expect(linkIsWellFormed(contact, CONTACT_SIGNATURE)).toBe(true);
    expect(linkIsWellFormed({ kind: 'email', email: 'a@b.c' }, CONTACT_SIGNATURE)).toBe(true);
  });
  it.each([
    ['no signature', contact, ''],
    ['a short signature', contact, CONTACT_SIGNATURE.slice(1)],
    ['a long signature', contact, `${CONTACT_SIGNATURE}A`],
    ['a padded signature', contact, `${CONTACT_SIGNATURE.slice(1)}=`],
    ['an id that is no uuid', { kind: 'contact', id: '12' }, CONTACT_SIGNATURE],
    ['no address', { kind: 'email', email: ' ' }, CONTACT_SIGNATURE],
  ] as const)('refuses %s', (_case, subject, signature) => {
    expect(linkIsWellFormed(subject, signature)).toBe(false);
  });
});

describe('signatureOf', () => {
  it('reads `s` from the query, or nothing', () => {
    expect(signatureOf(`s=${CONTACT_SIGNATURE}&utm_source=mail`)).toBe(CONTACT_SIGNATURE);
    expect(signatureOf('utm_source=mail')).toBe('');
  });
});

describe('outcomeOfError', () => {
  it.each([
    [new ApiError('not-found', 'gone', { status: 404 }), { kind: 'invalid' }],
    [new ApiError('validation', 'bad', { status: 422 }), { kind: 'invalid' }],
    [new ApiError('network', 'Network Error'), { kind: 'failed', reference: null }],
    [
      new ApiError('unexpected', 'boom', { status: 503, correlationId: 'c-1' }),
      { kind: 'failed', reference: 'c-1' },
    ],
    [new ApiError('rate-limited', 'slow down', { status: 429 }), { kind: 'failed', reference: null }],
    [new ApiError('aborted', 'Request aborted'), { kind: 'aborted' }],
    [new Error('not an answer'), { kind: 'failed', reference: null }],
  ])('reads %s', (error, outcome) => {
    expect(outcomeOfError(error)).toEqual(outcome);
  });
});
