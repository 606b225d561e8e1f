import { describe, expect, it } from 'vitest';
import {
  freshCachedLines,
  languageLines,
  languageLinesStorageKey,
  LANGUAGE_LINES_TTL_MS,
  lineToAst,
  withLanguageLines,
} from './language-lines.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const entry = (fetchedAt: number, version = '1.2.0') => ({
  version,
  fetchedAt,
  lines: { 'footer.legal': 'Legal' },
});

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function answering(status: number, body: unknown) {
  const urls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    return new Response(JSON.stringify(body), { status });
  }) as typeof fetch;
  return { urls, fetchFn };
}

describe('the language-lines cache rule', () => {
  it('keeps lines of the same app version for one day', () => {
    expect(freshCachedLines(entry(NOW - 1000), { version: '1.2.0', now: NOW })).toEqual({
      'footer.legal': 'Legal',
    });
    expect(
      freshCachedLines(entry(NOW - LANGUAGE_LINES_TTL_MS + 1), { version: '1.2.0', now: NOW }),
    ).not.toBeNull();
  });

  it('drops lines a day old or older', () => {
    expect(freshCachedLines(entry(NOW - LANGUAGE_LINES_TTL_MS), { version: '1.2.0', now: NOW })).toBeNull();
    expect(
      freshCachedLines(entry(NOW - 3 * LANGUAGE_LINES_TTL_MS), { version: '1.2.0', now: NOW }),
    ).toBeNull();
  });

  it('drops lines another app version fetched, and anything that is not an entry', () => {
    expect(freshCachedLines(entry(NOW - 1000, '1.1.0'), { version: '1.2.0', now: NOW })).toBeNull();
    expect(freshCachedLines({ lines: {} }, { version: '1.2.0', now: NOW })).toBeNull();
    expect(freshCachedLines(null, { version: '1.2.0', now: NOW })).toBeNull();
    // written "in the future" (a clock moved back): not trusted
    expect(freshCachedLines(entry(NOW + 60_000), { version: '1.2.0', now: NOW })).toBeNull();
  });
});

describe('languageLines', () => {
  it('answers a fresh cache entry without asking the API', async () => {
    const storage = memoryStorage({ [languageLinesStorageKey('fr')]: JSON.stringify(entry(NOW - 1000)) });
    const api = answering(200, { data: { 'footer.legal': 'From the API' } });
    const lines = await languageLines('fr', {
      storage,
      fetchFn: api.fetchFn,
      now: () => NOW,
      version: '1.2.0',
    });
    expect(lines).toEqual({ 'footer.legal': 'Legal' });
    expect(api.urls).toEqual([]);
  });

  it('asks the API for the locale when the entry expired or is of another version, and caches the answer', async () => {
    for (const stale of [entry(NOW - LANGUAGE_LINES_TTL_MS - 1), entry(NOW - 1000, '1.1.0')]) {
      const storage = memoryStorage({ [languageLinesStorageKey('fr')]: JSON.stringify(stale) });
      const api = answering(200, { data: { 'footer.legal': 'Mentions' } });
      const lines = await languageLines('fr', {
        storage,
        fetchFn: api.fetchFn,
        now: () => NOW,
        version: '1.2.0',
      });
      expect(lines).toEqual({ 'footer.legal': 'Mentions' });
      expect(api.urls).toEqual(['/api/v1/services/web-language-lines?locale=fr']);
      expect(JSON.parse(storage.items.get('web-language-lines.fr')!)).toEqual({
        version: '1.2.0',
        fetchedAt: NOW,
        lines: { 'footer.legal': 'Mentions' },
      });
    }
  });

  it('gives no lines, and caches nothing, when the API fails or is too slow', async () => {
    const storage = memoryStorage();
    const failing = answering(500, { errors: [] });
    expect(await languageLines('da', { storage, fetchFn: failing.fetchFn, now: () => NOW })).toEqual({});
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await languageLines('da', { storage, fetchFn: offline, now: () => NOW })).toEqual({});
    const never = (() => new Promise<Response>(() => undefined)) as typeof fetch;
    expect(await languageLines('da', { storage, fetchFn: never, now: () => NOW, waitMs: 5 })).toEqual({});
    expect(storage.items.size).toBe(0);
  });
});

describe('withLanguageLines', () => {
  it('overrides the bundled messages the lines name, and only those', () => {
    const merged = withLanguageLines(
      { 'footer.legal': 'Legal information', 'footer.version': 'Version {version}' },
      {
        'footer.legal': 'Legal details',
        'footer.version': "Release {version} (it's new)",
        'nope.unknown': 'x',
      },
    );
    expect(merged['footer.legal']).toEqual([{ type: 0, value: 'Legal details' }]);
    expect(merged['footer.version']).toEqual([
      { type: 0, value: 'Release ' },
      { type: 1, value: 'version' },
      { type: 0, value: " (it's new)" },
    ]);
    expect(Object.hasOwn(merged, 'nope.unknown')).toBe(false);
  });

  it('keeps the bundled message for syntax it cannot read without a parser, and for blank lines', () => {
    expect(lineToAst('{count, plural, one {# item} other {# items}}')).toBeNull();
    expect(lineToAst('a <b>bold</b> move')).toBeNull();
    expect(lineToAst("it''s")).toEqual([{ type: 0, value: "it's" }]);
    const merged = withLanguageLines({ 'footer.legal': 'Legal information' }, { 'footer.legal': '  ' });
    expect(merged['footer.legal']).toBe('Legal information');
  });
});
