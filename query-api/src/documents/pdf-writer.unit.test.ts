import { PDFDocument } from 'pdf-lib';
import { extractText, extractTextItems } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { embedDocumentFonts, PAGE, Writer } from './pdf-writer.ts';

/**
 * The documents' writer (ADR 0057): it draws the letters of the platform's languages in the embedded fonts, as
 * written, and the text read back from the PDF is the text written.
 */

const ROMANIAN = 'ș ț Ș Ț ă î â Ă Î Â';
const DANISH = 'æ ø å Æ Ø Å';
/** letters of other Latin-script languages, which WinAnsi has not either */
const CENTRAL_EUROPEAN = 'Zażółć gęślą jaźń; Příliš žluťoučký kůň úpěl ďábelské ódy; Őrült ű';

async function documentOf(write: (writer: Writer) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = await embedDocumentFonts(doc);
  write(new Writer(doc, fonts.regular, fonts.bold));
  return doc.save();
}

/** The text the PDF draws, page after page, as a reader extracts it (a copy: pdf.js may take the buffer). */
async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

describe('the documents’ writer', () => {
  it('draws Romanian, Danish and central European letters as written, in the regular and bold fonts', async () => {
    const bytes = await documentOf((writer) => {
      writer.text(`Regular: ${ROMANIAN}`);
      writer.text(`Bold: ${ROMANIAN}`, { bold: true });
      writer.heading(`Heading: ${DANISH}`);
      writer.text(CENTRAL_EUROPEAN, { grey: true });
      writer.row([`Cell ${DANISH}`, `Right ${ROMANIAN}`], [0]);
      writer.row([`Bold cell ${ROMANIAN}`, `Bold right ${DANISH}`], [0], { bold: true });
    });
    const text = await textOf(bytes);
    expect(text).toContain(`Regular: ${ROMANIAN}`);
    expect(text).toContain(`Bold: ${ROMANIAN}`);
    expect(text).toContain(`Heading: ${DANISH}`);
    expect(text).toContain(CENTRAL_EUROPEAN);
    expect(text).toContain(`Cell ${DANISH}`);
    expect(text).toContain(`Right ${ROMANIAN}`);
    expect(text).toContain(`Bold cell ${ROMANIAN}`);
    expect(text).toContain(`Bold right ${DANISH}`);
  });

  it('embeds the fonts subset: a page of text weighs kilobytes, not the fonts’ 1.4 MB', async () => {
    const bytes = await documentOf((writer) => {
      writer.text(`${ROMANIAN} ${DANISH} ${CENTRAL_EUROPEAN}`);
      writer.text('The quick brown fox jumps over the lazy dog, 0123456789 €', { bold: true });
    });
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('composes a letter and its combining comma, and drops control and format characters', async () => {
    const bytes = await documentOf((writer) => {
      // s and t with a combining comma below (U+0326), a tab, a soft hyphen, a zero-width space, a NUL and a BOM
      writer.text('Ro: s\u0326i t\u0326ara\tca\u00adsa\u200bmare\u0000!\ufeff');
    });
    const text = await textOf(bytes);
    expect(text).toContain('Ro: și țara casamare!');
    // no control or format character but the reader's own line breaks, and no combining mark left alone
    expect(text).not.toMatch(/(?!\n)[\p{Cc}\p{Cf}]/u);
    expect(text).not.toContain('\u0326');
  });

  it('writes a character the font has no glyph for as ?', async () => {
    const bytes = await documentOf((writer) => {
      // U+1F44D (thumbs up) and U+4E2D (a Chinese character) are not in the font
      writer.text('Ok \u{1F44D} \u4e2d end');
    });
    expect(await textOf(bytes)).toContain('Ok ? ? end');
  });

  it('splits lines at line breaks, wraps long lines and cuts a word wider than the page, within the margins', async () => {
    const paragraph = Array.from(
      { length: 12 },
      (_, i) =>
        `Fraza ${i + 1}: echipa a vizitat locuința și a măsurat ușa; familien ønsker en løsning før vinteren.`,
    ).join(' ');
    const link = `https://example.org/${'fișier-ø-'.repeat(40)}end`;
    const bytes = await documentOf((writer) => {
      writer.text(`First line\nSecond line\r\nThird line`);
      writer.text(paragraph);
      writer.text(link, { bold: true });
      writer.text(paragraph, { indent: 40, size: 12 });
    });

    const { items } = await extractTextItems(new Uint8Array(bytes));
    const drawn = items.flat().filter((item) => item.str.trim());
    const right = PAGE.width - PAGE.margin;
    for (const item of drawn) {
      expect(item.x, item.str).toBeGreaterThanOrEqual(PAGE.margin - 0.01);
      expect(item.x + item.width, item.str).toBeLessThanOrEqual(right + 0.01);
    }
    const lines = drawn.map((item) => item.str);
    expect(lines.slice(0, 3)).toEqual(['First line', 'Second line', 'Third line']);
    // the paragraph is on several lines, every word of it kept in order
    const wrapped = lines.filter((line) => line.includes('Fraza') || line.includes('vinteren'));
    expect(wrapped.length).toBeGreaterThan(4);
    const text = await textOf(bytes);
    expect(text.replace(/\s+/g, ' ')).toContain(paragraph);
    // the link is cut into pieces that fill the line, and nothing of it is lost
    const pieces = lines.filter((line) => !line.includes(' '));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(link);
  });
});
