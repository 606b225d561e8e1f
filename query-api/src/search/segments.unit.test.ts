import { describe, expect, it } from 'vitest';
import { segments } from './routes.ts';

describe('segments of a ts_headline answer', () => {
  it('marks the words between the markers and keeps the rest as text', () => {
    expect(segments('A \u0001platypus\u0002 tray for \u0001platypus\u0002 grips')).toEqual([
      { text: 'A ', match: false },
      { text: 'platypus', match: true },
      { text: ' tray for ', match: false },
      { text: 'platypus', match: true },
      { text: ' grips', match: false },
    ]);
  });

  it('joins neighbours of the same kind, and answers nothing for nothing', () => {
    expect(segments('\u0001big\u0002\u0001cat\u0002')).toEqual([{ text: 'bigcat', match: true }]);
    expect(segments('')).toEqual([]);
    expect(segments('<b>no markup is read</b>')).toEqual([
      { text: '<b>no markup is read</b>', match: false },
    ]);
  });
});
