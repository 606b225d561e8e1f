import { describe, expect, it } from 'vitest';
import { parsePagesRoute } from './paths.ts';

describe('the paths under /admin/resources/app-pages', () => {
  it('names the list, the editor (action page-template), the preview, the history and "as it was"', () => {
    expect(parsePagesRoute({})).toEqual({ action: 'root' });
    expect(parsePagesRoute({ action: 'index' })).toEqual({ action: 'index' });
    expect(parsePagesRoute({ action: 'page-template', id: 'p1' })).toEqual({ action: 'edit', id: 'p1' });
    expect(parsePagesRoute({ action: 'preview', id: 'p1' })).toEqual({ action: 'preview', id: 'p1' });
    expect(parsePagesRoute({ action: 'history', id: 'p1' })).toEqual({ action: 'history', id: 'p1' });
    expect(parsePagesRoute({ action: 'history', id: 'p1', revision: '4' })).toEqual({
      action: 'asItWas',
      id: 'p1',
      revision: '4',
    });
  });

  it('sends the generic screens’ way back to a record (show, update) to the editor', () => {
    expect(parsePagesRoute({ action: 'show', id: 'p1' })).toEqual({ action: 'show', id: 'p1' });
    expect(parsePagesRoute({ action: 'update', id: 'p1' })).toEqual({ action: 'show', id: 'p1' });
  });

  it('names nothing for an unknown action or a missing id', () => {
    expect(parsePagesRoute({ action: 'page-template' })).toBeNull();
    expect(parsePagesRoute({ action: 'index', id: 'p1' })).toBeNull();
    expect(parsePagesRoute({ action: 'create' })).toBeNull();
    expect(parsePagesRoute({ action: 'page-template', id: 'p1', revision: '2' })).toBeNull();
  });
});
