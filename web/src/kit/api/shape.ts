/**
 * The shapes of the documents the first screen waits for (the signed-in user, the features, the environment, the
 * menu, the page, the language lines, an error's body; ADR 0047), checked without zod: zod is 14 KB gzip of a
 * member's first script otherwise, and every later screen reads its documents with zod (kit/api/client.ts takes
 * either). A shape checks types and presence only: no defaults, no transforms, no formats. A value that fits is
 * answered as it is, unknown members included (not copied); one that does not is refused with the first place
 * that does not fit, as `safeParse` refuses it.
 */

export type ShapeResult<T> = { success: true; data: T } | { success: false; error: { message: string } };

export interface Shape<T> {
  /** what does not fit, with where (`data.attributes.email: a string expected`), or null when all fits */
  readonly problem: (value: unknown, at: string) => string | null;
  /** the member may be missing (an object's member whose shape this is) */
  readonly optional: boolean;
  safeParse(value: unknown): ShapeResult<T>;
}

/** The value a shape accepts. */
export type Infer<S> = S extends Shape<infer T> ? T : never;

type Members = Record<string, Shape<unknown>>;
type Required<M extends Members> = {
  [K in keyof M as M[K]['optional'] extends true ? never : K]: Infer<M[K]>;
};
type Optional<M extends Members> = {
  [K in keyof M as M[K]['optional'] extends true ? K : never]?: Infer<M[K]>;
};
type Flat<T> = { [K in keyof T]: T[K] };
export type ObjectOf<M extends Members> = Flat<Required<M> & Optional<M>>;

function make<T>(problem: (value: unknown, at: string) => string | null, optional = false): Shape<T> {
  return {
    problem,
    optional,
    safeParse: (value) => {
      const found = problem(value, '');
      return found === null
        ? { success: true, data: value as T }
        : { success: false, error: { message: found } };
    },
  };
}

const where = (at: string) => (at === '' ? '' : `${at}: `);
const typed =
  <T>(type: 'string' | 'number' | 'boolean') =>
  () =>
    make<T>((value, at) =>
      typeof value === type && (type !== 'number' || Number.isFinite(value))
        ? null
        : `${where(at)}a ${type} expected`,
    );
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const inside = (at: string, key: string | number) => (at === '' ? String(key) : `${at}.${key}`);

export const shape = {
  string: typed<string>('string'),
  number: typed<number>('number'),
  boolean: typed<boolean>('boolean'),
  unknown: () => make<unknown>(() => null),
  literal: <const L extends string>(literal: L) =>
    make<L>((value, at) => (value === literal ? null : `${where(at)}"${literal}" expected`)),
  nullable: <T>(of: Shape<T>) =>
    make<T | null>((value, at) => (value === null ? null : of.problem(value, at))),
  optional: <T>(of: Shape<T>): Shape<T | undefined> & { optional: true } =>
    make<T | undefined>((value, at) => (value === undefined ? null : of.problem(value, at)), true) as Shape<
      T | undefined
    > & { optional: true },
  array: <T>(of: Shape<T>) =>
    make<T[]>((value, at) => {
      if (!Array.isArray(value)) return `${where(at)}an array expected`;
      for (let i = 0; i < value.length; i++) {
        const found = of.problem(value[i], inside(at, i));
        if (found !== null) return found;
      }
      return null;
    }),
  /** an object whose members all have one shape (zod's record of string keys) */
  record: <T>(of: Shape<T>) =>
    make<Record<string, T>>((value, at) => {
      if (!isRecord(value)) return `${where(at)}an object expected`;
      for (const [key, member] of Object.entries(value)) {
        const found = of.problem(member, inside(at, key));
        if (found !== null) return found;
      }
      return null;
    }),
  /** an object with these members (an optional one may be missing); others pass through unchecked */
  object: <M extends Members>(members: M) =>
    make<ObjectOf<M>>((value, at) => {
      if (!isRecord(value)) return `${where(at)}an object expected`;
      for (const [key, member] of Object.entries(members)) {
        if (!(key in value) && member.optional) continue;
        const found = member.problem(value[key], inside(at, key));
        if (found !== null) return found;
      }
      return null;
    }),
  /** one of several objects, told by the value of their member `key` (zod's discriminated union) */
  oneOf: <V extends Record<string, Shape<unknown>>>(key: string, variants: V) =>
    make<Infer<V[keyof V]>>((value, at) => {
      if (!isRecord(value)) return `${where(at)}an object expected`;
      const tag = value[key];
      const variant = typeof tag === 'string' && Object.hasOwn(variants, tag) ? variants[tag] : undefined;
      if (!variant) return `${where(inside(at, key))}one of ${Object.keys(variants).join(', ')} expected`;
      return variant.problem(value, at);
    }),
  /** a shape that contains itself (a tree): declared by a function called when a value is checked */
  lazy: <T>(of: () => Shape<T>) => make<T>((value, at) => of().problem(value, at)),
};
