import { describe, expect, it } from 'vitest';
import { bodyProblem, MAX_BODY_DEPTH } from './body.ts';

describe('the places of a parsed body that no route may be given', () => {
  it('finds a NUL character in a value or a key', () => {
    expect(bodyProblem({ data: { attributes: { name: 'a\u0000b' } } })).toEqual({
      kind: 'nul',
      pointer: '/data/attributes/name',
    });
    expect(bodyProblem({ ['a\u0000']: 1 })).toEqual({ kind: 'nul', pointer: '/a\u0000' });
  });

  it('finds a lone surrogate, high or low, in a value or a key, and leaves a pair alone', () => {
    expect(bodyProblem({ lastName: 'Lovelace\ud800' })).toEqual({ kind: 'surrogate', pointer: '/lastName' });
    expect(bodyProblem(['ok', '\udc00x'])).toEqual({ kind: 'surrogate', pointer: '/1' });
    expect(bodyProblem({ ['\ud83e']: 'x' })).toEqual({ kind: 'surrogate', pointer: '/\ud83e' });
    expect(bodyProblem({ name: 'wheelchair \ud83e\uddbd', other: '日本語 é' })).toBeNull();
  });

  it('finds a value nested deeper than the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_BODY_DEPTH + 1; i++) deep = [deep];
    expect(bodyProblem(deep)?.kind).toBe('depth');
  });
});
