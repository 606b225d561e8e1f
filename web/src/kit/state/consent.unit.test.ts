import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  allows,
  consentCookie,
  hasDecided,
  normaliseConsent,
  parseConsent,
  rejectAll,
} from './consent.ts';

describe('parseConsent', () => {
  it('reads a JSON map of booleans', () => {
    expect(parseConsent('{"essentials":true,"youtube":false}')).toEqual({ essentials: true, youtube: false });
  });
  it('treats invalid data as empty', () => {
    for (const raw of [null, '', 'not json', '[true]', '"yes"', 'null', '42', '{"youtube":"yes"}']) {
      expect(parseConsent(raw)).toEqual({});
    }
  });
});

describe('choices', () => {
  it('empty means not decided', () => {
    expect(hasDecided({})).toBe(false);
    expect(hasDecided(rejectAll())).toBe(true);
  });
  it('essentials are always on, even when refused', () => {
    expect(normaliseConsent({ essentials: false, youtube: true, tracker: true })).toEqual({
      essentials: true,
      youtube: true,
      vimeo: false,
    });
    expect(rejectAll()).toEqual({ essentials: true, youtube: false, vimeo: false });
    expect(acceptAll()).toEqual({ essentials: true, youtube: true, vimeo: true });
  });
  it('allows essentials without a stored choice, providers only when accepted', () => {
    expect(allows({}, 'essentials')).toBe(true);
    expect(allows({}, 'youtube')).toBe(false);
    expect(allows({ vimeo: true }, 'vimeo')).toBe(true);
  });
});

describe('consentCookie', () => {
  it('writes cookies_consent for 365 days on the whole site', () => {
    const cookie = consentCookie({ essentials: true, youtube: false }, true);
    expect(cookie).toContain('cookies_consent=%7B%22essentials%22%3Atrue%2C%22youtube%22%3Afalse%7D');
    expect(cookie).toContain(`max-age=${365 * 86400}`);
    expect(cookie).toContain('path=/');
    expect(cookie).toContain('Secure');
    expect(consentCookie({}, false)).not.toContain('Secure');
  });
});
