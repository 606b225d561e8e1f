import { describe, expect, it } from 'vitest';
import { MeDocumentSchema } from '../session/documents.ts';
import { MenuDocumentSchema, ResolvedRouteSchema } from './documents.ts';
import { shape as s, type ShapeResult } from './shape.ts';

const problem = (result: ShapeResult<unknown>) => (result.success ? null : result.error.message);

describe('document shapes', () => {
  it('accept a value that fits, as it is, unknown members included', () => {
    const Doc = s.object({ data: s.object({ id: s.string(), note: s.optional(s.nullable(s.string())) }) });
    const value = { data: { id: 'a', extra: 1 }, meta: {} };
    const read = Doc.safeParse(value);
    expect(read).toEqual({ success: true, data: value });
    expect(read.success && read.data).toBe(value);
    expect(Doc.safeParse({ data: { id: 'a', note: null } }).success).toBe(true);
  });

  it('refuse a missing or retyped member, naming where', () => {
    const Doc = s.object({ data: s.array(s.object({ id: s.string(), position: s.number() })) });
    expect(problem(Doc.safeParse({ data: [{ id: 'a', position: 1 }, { id: 'b' }] }))).toBe(
      'data.1.position: a number expected',
    );
    expect(problem(Doc.safeParse({ data: [{ id: 3, position: 1 }] }))).toBe('data.0.id: a string expected');
    expect(problem(Doc.safeParse({ data: {} }))).toBe('data: an array expected');
    expect(problem(Doc.safeParse(null))).toBe('an object expected');
    expect(problem(s.record(s.string()).safeParse({ a: 'x', b: 2 }))).toBe('b: a string expected');
    expect(problem(s.nullable(s.boolean()).safeParse(undefined))).toBe('a boolean expected');
    expect(problem(s.number().safeParse(Number.NaN))).toBe('a number expected');
  });

  it('tell the variants of a union by their kind, and read a tree', () => {
    const redirect = {
      data: { kind: 'redirect', location: '/b', redirectionId: 'r1' },
      meta: { path: '/a' },
    };
    expect(ResolvedRouteSchema.safeParse(redirect).success).toBe(true);
    expect(
      problem(ResolvedRouteSchema.safeParse({ ...redirect, data: { ...redirect.data, kind: 'gone' } })),
    ).toBe('data.kind: one of page, redirect expected');
    expect(
      problem(
        ResolvedRouteSchema.safeParse({ ...redirect, data: { kind: 'redirect', redirectionId: 'r1' } }),
      ),
    ).toBe('data.location: a string expected');
    const node = (id: string, children: unknown[] = []) => ({
      id,
      name: id,
      description: null,
      position: 0,
      pageId: null,
      href: `/${id}`,
      blank: false,
      color: null,
      alignsNextRight: false,
      requiresAuth: false,
      children,
    });
    expect(MenuDocumentSchema.safeParse({ data: [node('a', [node('b')])] }).success).toBe(true);
    expect(
      problem(MenuDocumentSchema.safeParse({ data: [node('a', [{ ...node('b'), blank: 'no' }])] })),
    ).toBe('data.0.children.0.blank: a boolean expected');
  });

  it("read the signed-in user's document as the server answers it, and refuse one without a name", () => {
    const me = {
      data: {
        type: 'users',
        id: 'u1',
        attributes: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', phone: null },
        relationships: { roles: { data: [{ type: 'roles', id: 'admin' }] }, accessLevel: { data: null } },
        meta: { version: '3' },
      },
      included: [{ type: 'organizations', id: 'o1', attributes: { name: 'Org' } }],
      meta: { effectiveAccessWeight: 300 },
    };
    expect(MeDocumentSchema.safeParse(me).success).toBe(true);
    const { firstName: _dropped, ...nameless } = me.data.attributes;
    expect(problem(MeDocumentSchema.safeParse({ ...me, data: { ...me.data, attributes: nameless } }))).toBe(
      'data.attributes.firstName: a string expected',
    );
  });
});
