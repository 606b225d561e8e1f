import type { Locale } from '@platform/contracts/enums';
import { shape as s, type Infer } from '../api/shape.ts';
import { languageLinesUrl, withBootRequests } from '../api/boot-requests.ts';
import { APP_VERSION } from '../build-info.ts';

/** A locale's messages by key (the bundled files, merged, and the administrators' lines over them). */
export type Messages = Record<string, string>;

/**
 * Language lines (seed 000 §7, seed 001 §3): administrators override the web's bundled messages by message id.
 * shellEndpoints.languageLines (`locale=…`) answers { data: { "<message id>": "<text>" } }; the answer is
 * kept in local storage one day per locale, under the app version that fetched it, so that a new deployment
 * (whose message ids may differ) asks again. Any failure keeps the bundled messages.
 */

export type LanguageLines = Record<string, string>;

/** Seed 000 §7: one day per locale. */
export const LANGUAGE_LINES_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A slow answer must not hold the first page back: past this, the page shows the bundled messages and the
 * answer, when it comes, is kept for the next page load.
 */
export const LANGUAGE_LINES_WAIT_MS = 2_500;

export const languageLinesStorageKey = (locale: Locale) => `web-language-lines.${locale}`;

const CacheEntrySchema = s.object({
  version: s.string(),
  fetchedAt: s.number(),
  lines: s.record(s.string()),
});
export type LanguageLinesCacheEntry = Infer<typeof CacheEntrySchema>;

/** The cached lines when the entry is of this app version and less than a day old; null otherwise. */
export function freshCachedLines(
  entry: unknown,
  { version, now }: { version: string; now: number },
): LanguageLines | null {
  const parsed = CacheEntrySchema.safeParse(entry);
  if (!parsed.success) return null;
  const { version: cachedVersion, fetchedAt, lines } = parsed.data;
  if (cachedVersion !== version) return null;
  const age = now - fetchedAt;
  if (age < 0 || age >= LANGUAGE_LINES_TTL_MS) return null;
  return lines;
}

type Ast = Array<{ type: 0; value: string } | { type: 1; value: string }>;

/**
 * A line's text as the syntax tree react-intl formats. The production build ships its messages precompiled and
 * no ICU parser (vite.config.ts), so lines are turned into trees here: literal text and simple `{name}`
 * arguments (with `''` for an apostrophe). Anything richer (plural, select, tags, quoted braces) returns null
 * and the bundled message stays.
 */
export function lineToAst(text: string): Ast | null {
  const ast: Ast = [];
  let literal = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '{') {
      const close = text.indexOf('}', i);
      const name = close === -1 ? '' : text.slice(i + 1, close).trim();
      if (!/^[A-Za-z_][\w-]*$/.test(name)) return null;
      if (literal) ast.push({ type: 0, value: literal });
      literal = '';
      ast.push({ type: 1, value: name });
      i = close;
    } else if (c === '}' || c === '<') {
      return null;
    } else if (c === "'") {
      const next = text[i + 1];
      if (next === "'") {
        literal += "'";
        i++;
      } else if (next === '{' || next === '}' || next === '#' || next === '|') {
        return null;
      } else literal += c;
    } else literal += c;
  }
  if (literal || ast.length === 0) ast.push({ type: 0, value: literal });
  return ast;
}

/** The bundled messages with the lines that name one of their ids put in their place. */
export function withLanguageLines(bundled: Messages, lines: LanguageLines): Messages {
  const merged: Record<string, unknown> = { ...bundled };
  for (const [id, text] of Object.entries(lines)) {
    if (!Object.hasOwn(bundled, id) || text.trim() === '') continue;
    const ast = lineToAst(text);
    if (ast) merged[id] = ast;
    else
      console.warn(`[i18n] the language line "${id}" uses message syntax the web cannot read: not applied`);
  }
  // react-intl takes a text or its syntax tree for every message (the bundled ones are trees in a build)
  return merged as Messages;
}

const AnswerSchema = s.object({ data: s.record(s.string()) });

export interface LanguageLinesDeps {
  fetchFn?: typeof fetch;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
  version?: string;
  waitMs?: number;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: every page load asks
  }
}

/**
 * The lines of a locale: from the cache when fresh, else from the API (then cached). Never rejects: a failure,
 * or an answer slower than `waitMs`, gives no lines.
 */
export function languageLines(locale: Locale, deps: LanguageLinesDeps = {}): Promise<LanguageLines> {
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const now = deps.now ?? Date.now;
  const version = deps.version ?? APP_VERSION;
  const key = languageLinesStorageKey(locale);
  try {
    const raw = storage?.getItem(key);
    const cached = raw ? freshCachedLines(JSON.parse(raw), { version, now: now() }) : null;
    if (cached) return Promise.resolve(cached);
  } catch {
    /* an unreadable entry is fetched again */
  }
  // the first page of a visit may hold the answer already (the server's first paint, app/boot-requests.ts)
  const fetchFn =
    deps.fetchFn ?? withBootRequests((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const answer = fetchFn(languageLinesUrl(locale), {
    headers: { Accept: 'application/vnd.api+json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`web-language-lines answered ${response.status}`);
      const parsed = AnswerSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error(`web-language-lines answered ${parsed.error.message}`);
      const lines = parsed.data.data;
      const entry: LanguageLinesCacheEntry = { version, fetchedAt: now(), lines };
      try {
        storage?.setItem(key, JSON.stringify(entry));
      } catch {
        /* a full storage only costs a request next time */
      }
      return lines;
    })
    .catch((): LanguageLines => ({}));
  const waitMs = deps.waitMs ?? LANGUAGE_LINES_WAIT_MS;
  return Promise.race([
    answer,
    new Promise<LanguageLines>((resolve) => setTimeout(() => resolve({}), waitMs)),
  ]);
}
