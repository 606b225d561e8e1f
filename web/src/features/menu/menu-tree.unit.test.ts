import { evolveMenu, initialMenuState, type MenuState } from '@platform/contracts/menu/state';
import { describe, expect, it } from 'vitest';
import {
  applyDelete,
  applyMove,
  buildTree,
  MOVE_KINDS,
  moveToFocusAfter,
  placementOf,
  possibleMoves,
  type EditorItem,
  type MoveKind,
} from './menu-tree.ts';
import { editorItem } from './menu-editor-testing.ts';

const item = (id: string, parentId: string | null, position: number): EditorItem =>
  editorItem({ id, parentId, position });

/**
 * Home
 * Community
 *   About
 *   Contact
 *     Form
 * Legal
 */
const MENU: EditorItem[] = [
  item('home', null, 0),
  item('community', null, 1),
  item('about', 'community', 0),
  item('contact', 'community', 1),
  item('form', 'contact', 0),
  item('legal', null, 2),
];

type Shape = (string | [string, Shape])[];
function shape(items: readonly EditorItem[]): Shape {
  const level = (nodes: ReturnType<typeof buildTree>): Shape =>
    nodes.map((n) => (n.children.length ? [n.item.id, level(n.children)] : n.item.id));
  return level(buildTree(items));
}

const available = (items: readonly EditorItem[], id: string) =>
  MOVE_KINDS.filter((kind) => possibleMoves(items, id)[kind]);

describe('the menu tree', () => {
  it('nests items under their parents in position order, whatever the order they came in', () => {
    expect(shape([...MENU].reverse())).toEqual([
      'home',
      ['community', ['about', ['contact', ['form']]]],
      'legal',
    ]);
    const tree = buildTree(MENU);
    expect(tree[1]!.children[1]!.children[0]!.depth).toBe(3);
  });

  it('offers at each position only the moves that are possible there', () => {
    expect(available(MENU, 'home')).toEqual(['down']); // first at the top level
    expect(available(MENU, 'community')).toEqual(['up', 'down', 'into']);
    expect(available(MENU, 'legal')).toEqual(['up', 'into']); // last at the top level
    expect(available(MENU, 'about')).toEqual(['down', 'out']); // first child
    expect(available(MENU, 'contact')).toEqual(['up', 'into', 'out']); // last child
    expect(available(MENU, 'form')).toEqual(['out']); // only child
    expect(available([item('alone', null, 0)], 'alone')).toEqual([]);
    expect(possibleMoves(MENU, 'unknown')).toEqual({});
  });

  it('says where each move sends the item, as the move command takes it', () => {
    const community = possibleMoves(MENU, 'community');
    expect(community.up).toMatchObject({ parent: null, position: 0, relativeTo: { id: 'home' } });
    expect(community.down).toMatchObject({ parent: null, position: 2, relativeTo: { id: 'legal' } });
    // into the sibling above, as its last child: the server appends when no position is sent
    expect(community.into).toMatchObject({ parent: 'home', relativeTo: { id: 'home' } });
    expect(community.into!.position).toBeUndefined();
    // out of the parent, right after it
    expect(possibleMoves(MENU, 'form').out).toMatchObject({
      parent: 'community',
      position: 2,
      relativeTo: { id: 'contact' },
    });
  });

  it('moves down, into, out of and up as the menu shows them', () => {
    const down = applyMove(MENU, 'about', possibleMoves(MENU, 'about').down!);
    expect(shape(down)).toEqual(['home', ['community', [['contact', ['form']], 'about']], 'legal']);
    const into = applyMove(down, 'about', possibleMoves(down, 'about').into!);
    expect(shape(into)).toEqual(['home', ['community', [['contact', ['form', 'about']]]], 'legal']);
    const out = applyMove(into, 'about', possibleMoves(into, 'about').out!);
    expect(shape(out)).toEqual(['home', ['community', [['contact', ['form']], 'about']], 'legal']);
    const up = applyMove(out, 'about', possibleMoves(out, 'about').up!);
    expect(shape(up)).toEqual(shape(MENU));
  });

  it('shifts positions exactly as the server folds the move, for every item and every move', () => {
    const server = (items: readonly EditorItem[]): MenuState =>
      [...items]
        .sort((a, b) => a.position - b.position)
        .reduce(
          (state, i) =>
            evolveMenu(state, {
              type: 'AppMenuItemCreated',
              data: {
                id: i.id,
                parentId: i.parentId,
                position: i.position,
                name: i.name,
                description: null,
                pageId: null,
                url: null,
                blank: false,
                color: null,
                alignsNextRight: false,
                requiresAuth: false,
                roles: [],
                accessLevel: null,
              },
            }),
          initialMenuState(),
        );
    const positions = (state: MenuState) =>
      Object.fromEntries([...state.items.values()].map((i) => [i.id, [i.parentId, i.position]]));
    let checked = 0;
    for (const moved of MENU) {
      for (const kind of MOVE_KINDS) {
        const target = possibleMoves(MENU, moved.id)[kind];
        if (!target) continue;
        const state = server(MENU);
        const siblings = [...state.items.values()].filter((i) => i.parentId === target.parent).length;
        const after = evolveMenu(state, {
          type: 'AppMenuItemMoved',
          data: {
            id: moved.id,
            fromParentId: moved.parentId,
            fromPosition: moved.position,
            toParentId: target.parent,
            toPosition: target.position ?? siblings,
          },
        });
        const local = applyMove(MENU, moved.id, target);
        expect(
          Object.fromEntries(local.map((i) => [i.id, [i.parentId, i.position]])),
          `${moved.id} ${kind}`,
        ).toEqual(positions(after));
        checked += 1;
      }
    }
    expect(checked).toBe(12);
  });

  it('keeps the server positions of siblings the viewer cannot see', () => {
    // positions 1 and 3 are items this viewer may not see
    const partial = [item('a', null, 0), item('b', null, 2), item('c', null, 4)];
    expect(possibleMoves(partial, 'b').up).toMatchObject({ position: 0 });
    expect(possibleMoves(partial, 'b').down).toMatchObject({ position: 4 });
    const moved = applyMove(partial, 'c', possibleMoves(partial, 'c').up!);
    expect(moved.map((i) => [i.id, i.position])).toEqual([
      ['a', 0],
      ['b', 3],
      ['c', 2],
    ]);
    expect(shape(moved)).toEqual(['a', 'c', 'b']);
  });

  it('deletes an item with what is under it, and closes the gap among its siblings', () => {
    const after = applyDelete(MENU, 'community');
    expect(shape(after)).toEqual(['home', 'legal']);
    expect(after.find((i) => i.id === 'legal')!.position).toBe(1);
  });

  it('tells where an item stands, for the announcement', () => {
    expect(placementOf(MENU, 'contact')).toMatchObject({
      index: 2,
      count: 2,
      depth: 2,
      parent: { id: 'community' },
    });
    expect(placementOf(MENU, 'legal')).toMatchObject({ index: 3, count: 3, depth: 1, parent: null });
    expect(placementOf(MENU, 'form')!.depth).toBe(3);
  });

  it('keeps the focus on the same move while it applies, else on the most useful one', () => {
    const cases: [MoveKind, MoveKind[], MoveKind | null][] = [
      ['down', ['up', 'down'], 'down'],
      ['down', ['up', 'into'], 'up'], // now last: the way back up
      ['up', ['down', 'out'], 'down'], // now first
      ['into', ['out'], 'out'],
      ['out', ['up', 'into'], 'into'],
      ['up', [], null],
    ];
    for (const [done, left, expected] of cases) {
      const moves = Object.fromEntries(left.map((k) => [k, { kind: k, parent: null, relativeTo: MENU[0]! }]));
      expect(moveToFocusAfter(moves, done), `${done} with ${left.join(',')}`).toBe(expected);
    }
  });
});
