import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/*
 * What the platform's PDF documents share (the rental command's contract and invoice, the eqlaat reports): the A4
 * page, the type sizes, the fonts, and the writer that flows text down pages.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const SIZE = { title: 18, heading: 12, body: 10, small: 8 };
const GREY = rgb(0.35, 0.35, 0.35);

/**
 * The fonts the documents write with (ADR 0057): DejaVu Sans and DejaVu Sans Bold, read from the installed
 * `dejavu-fonts-ttf` package. They draw the letters of every language the platform speaks (Romanian ș and ț with
 * their comma below, Danish æ ø å, Polish, Czech...), where the PDF standard fonts only had WinAnsi's.
 */
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

/** The font files' bytes, read once a process (1.4 MB together), when the first document is made. */
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

function readFontFiles(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  if (fontFiles) return fontFiles;
  const reading = (async () => {
    // resolved as Node resolves the package from this module, under tsx as under plain Node
    const require = createRequire(import.meta.url);
    const read = async (file: string) => new Uint8Array(await readFile(require.resolve(file)));
    const [regular, bold] = await Promise.all([read(FONT_FILES.regular), read(FONT_FILES.bold)]);
    return { regular, bold };
  })();
  // a failed read (the package missing) is tried again by the next document rather than kept
  reading.catch(() => {
    if (fontFiles === reading) fontFiles = undefined;
  });
  fontFiles = reading;
  return reading;
}

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The documents' fonts embedded in `doc`, subset: only the glyphs the document draws are written to it (a few
 * kilobytes a font), and each glyph keeps the characters it stands for, so the text is read back and copied as
 * written.
 */
export async function embedDocumentFonts(doc: PDFDocument): Promise<DocumentFonts> {
  const files = await readFontFiles();
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
  ]);
  return { regular, bold };
}

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

/** Line breaks a text may hold: it is split into lines at them, as a font draws no line break. */
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;
/** Control and format characters (a soft hyphen, a zero-width space, a byte order mark, bidi marks): not drawn. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;

/**
 * A writer that flows lines down pages, wrapping long ones and starting a new page when one is full (the platform's
 * other documents made as PDF write with it too: the eqlaat reports). Its fonts are the documents' own
 * (`embedDocumentFonts`); any embedded font works, and text is measured with the font it is drawn in.
 */
export class Writer {
  private page: PDFPage;
  private y: number;
  /** the characters each font has a glyph for */
  private readonly drawable = new Map<PDFFont, Set<number>>();
  /** the words measured, by font: their widths at size 1 */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
    for (const each of [font, bold]) this.drawable.set(each, new Set(each.getCharacterSet()));
  }

  /**
   * A line as `font` draws it: tabs as spaces, control and format characters dropped, composed (NFC: a letter and a
   * combining comma below as the one letter ș). A character the font has no glyph for (most emoji, Chinese) is
   * written as '?', never as an empty box.
   */
  private drawableText(text: string, font: PDFFont): string {
    const drawable = this.drawable.get(font) ?? new Set(font.getCharacterSet());
    return [...text.replace(/\t/g, ' ').replace(INVISIBLE, '').normalize('NFC')]
      .map((char) => (drawable.has(char.codePointAt(0)!) ? char : '?'))
      .join('');
  }

  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /**
   * The width of `text` at `size`, as `font` measures it (its glyphs' advances once shaped: an embedded font's
   * ligatures are narrower than their letters). Shaping a text is costly with an embedded font, so each word is
   * measured once a document, at size 1 (widths grow with the size).
   */
  private width(text: string, font: PDFFont, size: number): number {
    let widths = this.widths.get(font);
    if (!widths) this.widths.set(font, (widths = new Map()));
    let unit = widths.get(text);
    if (unit === undefined) widths.set(text, (unit = font.widthOfTextAtSize(text, 1)));
    return unit * size;
  }

  /**
   * Lines no wider than `width`. A line's width is its words' widths and the spaces between them (no glyph of the
   * fonts joins a word to the next), so a line is never measured whole.
   */
  private wrap(text: string, size: number, font: PDFFont, width: number): string[] {
    const lines: string[] = [];
    const space = this.width(' ', font, size);
    for (const paragraph of text.split(LINE_BREAK).map((part) => this.drawableText(part, font))) {
      let line = '';
      let lineWidth = 0;
      for (const whole of paragraph.split(/ +/)) {
        let word = whole;
        let wordWidth = this.width(word, font, size);
        // a word wider than the line (a long link) is cut where the line ends, rather than drawn past the page;
        // its pieces are measured character by character, which a ligature only makes narrower once drawn
        if (wordWidth > width) {
          if (line) lines.push(line);
          line = '';
          lineWidth = 0;
          let piece = '';
          let pieceWidth = 0;
          for (const character of word) {
            const characterWidth = this.width(character, font, size);
            if (piece && pieceWidth + characterWidth > width) {
              lines.push(piece);
              piece = character;
              pieceWidth = characterWidth;
            } else {
              piece += character;
              pieceWidth += characterWidth;
            }
          }
          word = piece;
          wordWidth = pieceWidth;
        }
        if (line && lineWidth + space + wordWidth > width) {
          lines.push(line);
          line = word;
          lineWidth = wordWidth;
        } else {
          lineWidth = line ? lineWidth + space + wordWidth : wordWidth;
          line = line ? `${line} ${word}` : word;
        }
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
      const text = this.drawableText(cell, font);
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
