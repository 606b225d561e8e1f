import { describe, expect, it } from 'vitest';
import { htmlAsText, textAsHtml, threadComments, type CommentView } from './community-api.ts';
import { engagementOf } from './engagement.tsx';

const comment = (id: string, parentId: string | null): CommentView => ({
  id,
  content: `<p>${id}</p>`,
  authorName: 'anonymous',
  createdAt: null,
  parentId,
  canEdit: false,
  canDelete: false,
});

describe('the community’s reading of a record', () => {
  it('nests comments under the one each answers, in their order; an orphan or a self-reply stands at the top', () => {
    const threads = threadComments([
      comment('a', null),
      comment('b', 'a'),
      comment('c', 'b'),
      comment('d', null),
      comment('e', 'a'),
      comment('f', 'gone'),
      comment('g', 'g'),
    ]);
    const shape = (nodes: ReturnType<typeof threadComments>): unknown[] =>
      nodes.map((n) => (n.replies.length ? [n.comment.id, shape(n.replies)] : n.comment.id));
    expect(shape(threads)).toEqual([['a', [['b', ['c']], 'e']], 'd', 'f', 'g']);
  });

  it('reads likes and comments from a document’s attributes, what is missing as none', () => {
    expect(
      engagementOf({ likesCount: 4, likedByViewer: true, hasComments: false, canComment: false }),
    ).toEqual({
      likesCount: 4,
      likedByViewer: true,
      hasComments: false,
      canComment: false,
      publishedAt: null,
    });
    // a visitor's document carries no likedByViewer; comments are on unless the record says otherwise
    expect(engagementOf({ publishedAt: '2026-01-01T00:00:00.000Z' })).toEqual({
      likesCount: 0,
      likedByViewer: null,
      hasComments: true,
      canComment: false,
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('turns a member’s plain text into escaped paragraphs', () => {
    expect(textAsHtml(' One\n<b>two</b>\n\n\nThree ')).toBe(
      '<p>One<br>&lt;b&gt;two&lt;/b&gt;</p><p>Three</p>',
    );
  });

  it('gives back the plain text a member typed, to edit it (textAsHtml undone)', () => {
    for (const text of ['One\n<b>two</b>\n\nThree', 'A & B "quoted"', 'Single line'])
      expect(htmlAsText(textAsHtml(text))).toBe(text);
    // a comment written elsewhere with other markup is read as its text
    expect(htmlAsText('See <a href="https://example.org">this list</a>.')).toBe('See this list.');
  });
});
