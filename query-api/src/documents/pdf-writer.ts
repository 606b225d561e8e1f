import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/*
 * What the platform's PDF documents share (the rental command's contract and invoice, the eqlaat reports): the A4
 * page, the type sizes, and the writer that flows text down pages.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const SIZE = { title: 18, heading: 12, body: 10, small: 8 };
const GREY = rgb(0.35, 0.35, 0.35);

/** HTML of the environment's texts as plain lines: tags dropped, blocks as line breaks, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A writer that flows lines down pages, wrapping long ones and starting a new page when one is full (the platform's
 * other documents made as PDF write with it too: the eqlaat reports).
 */
export class Writer {
  private page: PDFPage;
  private y: number;
  private readonly drawable: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    this.drawable = new Set(font.getCharacterSet());
  }

  /** What the standard fonts cannot draw is written without its accents, or as '?'. */
  private drawableText(text: string): string {
    return [...text.replace(/\t/g, ' ')]
      .map((char) => {
        if (this.drawable.has(char.codePointAt(0)!)) return char;
        const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
        return [...bare].every((c) => this.drawable.has(c.codePointAt(0)!)) ? bare : '?';
      })
      .join('');
  }

  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private wrap(text: string, size: number, font: PDFFont, width: number): string[] {
    const lines: string[] = [];
    // split into lines first: the fonts draw no line break, which would be written as '?'
    for (const paragraph of text.split(/\r?\n/).map((part) => this.drawableText(part))) {
      let line = '';
      for (const whole of paragraph.split(/ +/)) {
        let word = whole;
        // a word wider than the line (a long link) is cut where the line ends, rather than drawn past the page
        if (font.widthOfTextAtSize(word, size) > width) {
          if (line) lines.push(line);
          line = '';
          let piece = '';
          for (const character of word)
            if (piece && font.widthOfTextAtSize(piece + character, size) > width) {
              lines.push(piece);
              piece = character;
            } else piece += character;
          word = piece;
        }
        const next = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }

  /** `indent`: points from the left margin, every line of the text (a list item's). */
  text(
    text: string,
    options: { size?: number; bold?: boolean; grey?: boolean; gapAfter?: number; indent?: number } = {},
  ) {
    const size = options.size ?? SIZE.body;
    const font = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, size, font, PAGE.width - 2 * PAGE.margin - indent)) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, {
        x: PAGE.margin + indent,
        y: this.y,
        size,
        font,
        ...(options.grey ? { color: GREY } : {}),
      });
    }
    this.y -= options.gapAfter ?? 0;
  }

  /** One row of cells at the given x offsets; the last cell is aligned right at the page's edge. */
  row(cells: string[], columns: number[], options: { bold?: boolean } = {}) {
    const size = SIZE.body;
    const font = options.bold ? this.bold : this.font;
    this.room(size * 1.6);
    this.y -= size * 1.6;
    cells.forEach((cell, index) => {
      const text = this.drawableText(cell);
      const last = index === cells.length - 1;
      const x = last
        ? PAGE.width - PAGE.margin - font.widthOfTextAtSize(text, size)
        : PAGE.margin + (columns[index] ?? 0);
      this.page.drawText(text, { x, y: this.y, size, font });
    });
  }

  gap(points: number) {
    this.y -= points;
  }

  heading(text: string) {
    this.gap(8);
    this.text(text, { size: SIZE.heading, bold: true, gapAfter: 2 });
  }
}
