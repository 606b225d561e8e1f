import { describe, expect, it } from 'vitest';
import { softwareMenuEntries } from './menu.ts';

describe('the account menu’s software entry', () => {
  it('follows the feature built in', () => {
    expect(softwareMenuEntries({ software: true })).toEqual([
      { id: 'software', href: '/account/software/associations' },
    ]);
    expect(softwareMenuEntries({ software: false })).toEqual([]);
  });
});
