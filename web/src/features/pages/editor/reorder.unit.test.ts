import { describe, expect, it } from 'vitest';
import { focusAfterMove, moveComponent, moveItem, moveTarget } from './reorder.ts';

const blocks = (...ids: string[]) => ids.map((id, position) => ({ id, position }));
const order = (list: Array<{ id: string; position: number }>) => list.map((c) => `${c.position}:${c.id}`);

describe('moving by keyboard', () => {
  it('moves an item one place, never past either end', () => {
    expect(moveTarget(3, 1, 'up')).toBe(0);
    expect(moveTarget(3, 1, 'down')).toBe(2);
    expect(moveTarget(3, 0, 'up')).toBeNull();
    expect(moveTarget(3, 2, 'down')).toBeNull();
    expect(moveTarget(3, 5, 'up')).toBeNull();
    expect(moveItem(['a', 'b', 'c'], 2, 'up')).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 'up')).toEqual(['a', 'b', 'c']);
  });

  it('renumbers the components in their new order and says which move to ask the server for', () => {
    const moved = moveComponent(blocks('hero', 'title', 'contact'), 'contact', 'up');
    expect(moved && { from: moved.from, to: moved.to }).toEqual({ from: 2, to: 1 });
    expect(order(moved!.components)).toEqual(['0:hero', '1:contact', '2:title']);
    expect(moveComponent(blocks('hero', 'title'), 'hero', 'up')).toBeNull();
    expect(moveComponent(blocks('hero', 'title'), 'unknown', 'down')).toBeNull();
  });

  it('orders by position before moving, whatever order the list came in', () => {
    const shuffled = [
      { id: 'c', position: 2 },
      { id: 'a', position: 0 },
      { id: 'b', position: 1 },
    ];
    expect(order(moveComponent(shuffled, 'a', 'down')!.components)).toEqual(['0:b', '1:a', '2:c']);
  });

  it('keeps the focus on the pressed button until the item reaches the end, then on the other one', () => {
    expect(focusAfterMove('up', 1, 3)).toBe('up');
    expect(focusAfterMove('up', 0, 3)).toBe('down');
    expect(focusAfterMove('down', 1, 3)).toBe('down');
    expect(focusAfterMove('down', 2, 3)).toBe('up');
  });
});
