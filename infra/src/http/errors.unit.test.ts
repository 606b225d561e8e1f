import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@platform/contracts/errors';
import { WrongExpectedVersionError } from '@platform/infra/event-store';
import { pointerOf, toErrorDocument } from './errors.ts';

describe('toErrorDocument', () => {
  it('renders each issue of a domain error with its status, code, title and source', () => {
    const error = new ValidationError([
      { code: 'validation.required', pointer: '/data/attributes/title', detail: 'title is required' },
      { code: 'validation.invalid_parameter', parameter: 'include', detail: 'bad include' },
    ]);
    expect(toErrorDocument(error, 'c-1')).toEqual({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            code: 'validation.required',
            title: 'Invalid input',
            detail: 'title is required',
            source: { pointer: '/data/attributes/title' },
          },
          {
            status: '422',
            code: 'validation.invalid_parameter',
            title: 'Invalid input',
            detail: 'bad include',
            source: { parameter: 'include' },
          },
        ],
      },
    });
  });

  it.each([
    [new ConflictError('conflict.duplicate_path', 'taken', '/data/attributes/path'), 409],
    [new NotFoundError(), 404],
    [new ForbiddenError(), 403],
  ])('maps %s to %i', (error, status) => {
    const doc = toErrorDocument(error, undefined);
    expect(doc.status).toBe(status);
    expect(doc.body.errors[0]?.status).toBe(String(status));
  });

  it('maps a ZodError to 422 with pointers under /data/attributes (escaped per RFC 6901)', () => {
    const result = z.object({ 'a/b': z.string(), list: z.array(z.number()) }).safeParse({ list: [1, 'x'] });
    const doc = toErrorDocument(result.error, undefined);
    expect(doc.status).toBe(422);
    expect(doc.body.errors.map((e) => [e.code, e.source?.pointer])).toEqual([
      ['validation.required', '/data/attributes/a~1b'],
      ['validation.invalid', '/data/attributes/list/1'],
    ]);
  });

  it('maps a WrongExpectedVersionError that escaped a handler to 409', () => {
    const doc = toErrorDocument(new WrongExpectedVersionError('page-1', 3n, 4n), undefined);
    expect(doc.status).toBe(409);
    expect(doc.body.errors[0]?.code).toBe('conflict.wrong_expected_version');
  });

  it('maps body-parser failures by type', () => {
    expect(
      toErrorDocument({ type: 'entity.parse.failed', status: 400 }, undefined).body.errors[0]?.code,
    ).toBe('validation.malformed_json');
    expect(toErrorDocument({ type: 'entity.too.large', status: 413 }, undefined).status).toBe(413);
    expect(toErrorDocument({ type: 'charset.unsupported', status: 415 }, undefined).status).toBe(415);
  });

  it('answers anything else with a bare 500 carrying only the correlation id', () => {
    const doc = toErrorDocument(new Error('relation "secret_table" does not exist'), 'corr-9');
    expect(doc.status).toBe(500);
    expect(doc.body.errors[0]).toMatchObject({ code: 'internal', meta: { correlationId: 'corr-9' } });
    expect(JSON.stringify(doc)).not.toContain('secret_table');
    // an object that merely looks like an HTTP error but claims a 5xx is not trusted
    expect(toErrorDocument({ type: 'x', status: 503 }, 'c').status).toBe(500);
  });
});

describe('pointerOf', () => {
  it('escapes ~ and / in tokens', () => {
    expect(pointerOf(['data', 'attributes', 'a~b/c', 0])).toBe('/data/attributes/a~0b~1c/0');
  });
});
