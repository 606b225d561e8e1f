import { PDFDocument, rgb } from 'pdf-lib';
import { embedDocumentFonts, PAGE, SIZE, Writer } from '../documents/pdf-writer.ts';
import { contentBlocks } from './report-content.ts';

/**
 * An eqlaat report as a PDF (seed 000 §7), made when asked from the read models as the rental command's documents
 * are (pdf-lib, ADR 0028), with their writer and fonts (DejaVu Sans, embedded and subset, ADR 0057): the letters of
 * the platform's languages are drawn as written (ș, ț, ø), a character the font lacks (most emoji) as '?', never
 * refused. The metadata (the title) keeps every character.
 */
export interface EqlaatReportPdfData {
  appName: string;
  reportId: string;
  title: string;
  /** what the report is on, as the viewer reads it; `title` null when they may not read it, or it is gone */
  reportable: { type: string; title: string | null } | null;
  createdAt: string;
  updatedAt: string;
  /** set when the report is soft-deleted (administrators find it still) */
  deletedAt: string | null;
  /** the report's rich content (sanitised HTML) */
  content: string;
  /** the names of the secured files attached to it, when the viewer may have them */
  files: readonly string[];
  /** when the document is made */
  issuedAt: string;
}

const GREY = rgb(0.35, 0.35, 0.35);
const HEADING_SIZES = [16, 14, 12, 11, 10, 10] as const;
/** how far each level of a list goes in, and how many levels are shown apart */
const LIST_INDENT = 14;
const MAX_INDENT_LEVELS = 6;

const REPORTABLE_NAMES: Record<string, string> = {
  'eqlaat-projects': 'Project',
  'eqlaat-appointments': 'Appointment',
};

/** An instant as the documents write it: its date and time in UTC (2026-01-10 09:00 UTC). */
export function documentInstant(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Letters of the platform's languages that have no accent to take off. */
const LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l' };

/** The report's file name: its title in plain ASCII letters, digits and dashes, else its id. */
export function reportFileName(title: string, id: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđł]/g, (letter) => LETTERS[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || `eqlaat-report-${id}`}.pdf`;
}

/**
 * The Content-Disposition of the download (RFC 6266, RFC 8187): the plain ASCII name for every client, and the
 * title itself, encoded, for those that read `filename*` (a name without path separators or control characters).
 */
export function reportDisposition(title: string, id: string): string {
  const ascii = reportFileName(title, id);
  // eslint-disable-next-line no-control-regex
  const own = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').trim();
  return own
    ? `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(`${own}.pdf`)}`
    : `attachment; filename="${ascii}"`;
}

export async function eqlaatReportPdf(data: EqlaatReportPdfData): Promise<Uint8Array> {
  const blocks = await contentBlocks(data.content);
  const doc = await PDFDocument.create();
  doc.setTitle(data.title);
  doc.setSubject(`Eqlaat report ${data.reportId}`);
  doc.setAuthor(data.appName);
  doc.setCreator(data.appName);
  doc.setCreationDate(new Date(data.issuedAt));
  doc.setModificationDate(new Date(data.issuedAt));
  const { regular: font, bold } = await embedDocumentFonts(doc);
  const writer = new Writer(doc, font, bold);

  writer.text(data.appName, { size: SIZE.small, grey: true });
  writer.gap(10);
  writer.text(data.title, { size: SIZE.title, bold: true, gapAfter: 4 });
  if (data.reportable) {
    const kind = REPORTABLE_NAMES[data.reportable.type] ?? data.reportable.type;
    writer.text(`${kind}: ${data.reportable.title ?? 'not available'}`, { grey: true });
  }
  writer.text(`Created on ${documentInstant(data.createdAt)}`, { grey: true });
  writer.text(`Last updated on ${documentInstant(data.updatedAt)}`, { grey: true });
  if (data.deletedAt) writer.text(`Deleted on ${documentInstant(data.deletedAt)}`, { grey: true });
  writer.gap(12);

  for (const block of blocks) {
    if (block.kind === 'heading') {
      writer.gap(6);
      writer.text(block.text, { size: HEADING_SIZES[block.level - 1] ?? SIZE.body, bold: true, gapAfter: 3 });
    } else {
      const indent = Math.min(block.depth, MAX_INDENT_LEVELS) * LIST_INDENT;
      const text = block.kind === 'item' && block.marker ? `${block.marker} ${block.text}` : block.text;
      writer.text(text, { indent, gapAfter: block.kind === 'item' ? 2 : 6 });
    }
  }
  if (!blocks.length) writer.text('This report has no content yet.', { grey: true });

  if (data.files.length) {
    writer.heading('Attached files');
    for (const name of data.files) writer.text(`• ${name}`, { indent: LIST_INDENT, gapAfter: 2 });
  }

  // each page numbered at its foot, once the text has found its pages
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const label = `${index + 1} / ${pages.length}`;
    page.drawText(label, {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(label, SIZE.small),
      y: PAGE.margin / 2,
      size: SIZE.small,
      font,
      color: GREY,
    });
  });
  return doc.save();
}
