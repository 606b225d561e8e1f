import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { RentalInvoiceAmounts } from '@platform/contracts/rental/amounts';

/**
 * The rental command's documents as PDF (pdf-lib, ADR 0028): the contract the member signs and uploads at the
 * contract step, and the invoice of its amounts. Built from what the read models hold when asked; the fonts are
 * the PDF standard ones (no font file to ship), so the text is kept to what they can draw.
 */
export interface RentalDocumentData {
  appName: string;
  currency: string;
  commandId: string;
  /** when the command was placed */
  createdAt: string;
  /** when the document is made */
  issuedAt: string;
  startAt: string;
  endAt: string;
  days: number;
  member: { name: string; email: string; phone: string };
  billingAddress: string;
  shippingAddress: string | null;
  strategy: string;
  lines: Array<{ modelName: string; quantity: number; rentingPrice: number; exclTax: number }>;
  invoice: RentalInvoiceAmounts;
  /** the name of the member's invoicing strategy, when known */
  invoicingStrategyName: string | null;
  /** the environment's document texts (HTML or plain), shown as plain text */
  documentHeader: string | null;
  documentFooter: string | null;
  rentalConditions: string | null;
}

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

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
}

const STRATEGY_NAMES: Record<string, string> = {
  pick_up: 'Pick-up at the stock',
  ship_to_address: 'Shipped to the address',
  internal: 'Internal',
  locked: 'Locked',
  internal_shipping: 'Internal, shipped',
};

async function documentOf(
  title: string,
  data: RentalDocumentData,
  body: (writer: Writer) => void,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${data.commandId}`);
  doc.setAuthor(data.appName);
  doc.setCreator(data.appName);
  doc.setCreationDate(new Date(data.issuedAt));
  doc.setModificationDate(new Date(data.issuedAt));
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  writer.text(data.appName, { size: SIZE.small, grey: true });
  if (data.documentHeader) writer.text(plainText(data.documentHeader), { size: SIZE.small, grey: true });
  writer.gap(10);
  writer.text(title, { size: SIZE.title, bold: true, gapAfter: 4 });
  writer.text(`Rental command ${data.commandId}`, { grey: true });
  writer.text(`Placed on ${data.createdAt.slice(0, 10)} - issued on ${data.issuedAt.slice(0, 10)}`, {
    grey: true,
  });
  body(writer);
  if (data.documentFooter) {
    writer.gap(16);
    writer.text(plainText(data.documentFooter), { size: SIZE.small, grey: true });
  }
  return doc.save();
}

function parties(writer: Writer, data: RentalDocumentData) {
  writer.heading('Member');
  writer.text(data.member.name);
  writer.text(data.member.email);
  if (data.member.phone) writer.text(`Phone: ${data.member.phone}`);
  writer.text(`Billing address: ${data.billingAddress}`);
  if (data.shippingAddress) writer.text(`Shipping address: ${data.shippingAddress}`);
}

function period(writer: Writer, data: RentalDocumentData) {
  writer.heading('Rental period');
  writer.text(`From ${data.startAt} to ${data.endAt} (${data.days} days)`);
  writer.text(`Delivery: ${STRATEGY_NAMES[data.strategy] ?? data.strategy}`);
}

function amounts(writer: Writer, data: RentalDocumentData) {
  const { invoice, currency } = data;
  const columns = [0, 250, 330];
  writer.heading('Amounts');
  writer.row(['Model', 'Quantity', 'Per day, excl. tax', 'Excl. tax'], columns, { bold: true });
  for (const line of data.lines)
    writer.row(
      [
        line.modelName,
        String(line.quantity),
        money(line.rentingPrice, currency),
        money(line.exclTax, currency),
      ],
      columns,
    );
  if (invoice.shipping > 0) writer.row(['Shipping', money(invoice.shipping, currency)], columns);
  writer.row(['Total excl. tax', money(invoice.exclTax, currency)], columns, { bold: true });
  writer.row(
    [
      invoice.vat
        ? `VAT${invoice.taxRate !== null ? ` (${invoice.taxRate} %)` : ''}`
        : `No VAT${data.invoicingStrategyName ? ` (${data.invoicingStrategyName})` : ''}`,
      money(invoice.tax, currency),
    ],
    columns,
  );
  writer.row(['Total', money(invoice.total, currency)], columns, { bold: true });
}

/** The contract of a command: the parties, period, items, amounts and conditions, and places to sign. */
export function rentalContractPdf(data: RentalDocumentData): Promise<Uint8Array> {
  return documentOf('Rental contract', data, (writer) => {
    parties(writer, data);
    period(writer, data);
    amounts(writer, data);
    if (data.rentalConditions) {
      writer.heading('Rental conditions');
      writer.text(plainText(data.rentalConditions));
    }
    writer.heading('Signatures');
    writer.text(
      'Sign this contract, then upload it on the command page: the rental team checks it before the payment step.',
      { grey: true, gapAfter: 8 },
    );
    writer.row(['The member, date and signature:', `For ${data.appName}:`], [0]);
    writer.gap(60);
  });
}

/** The invoice of a command: the amounts as confirmed, the tax its member's invoicing strategy owes. */
export function rentalInvoicePdf(data: RentalDocumentData): Promise<Uint8Array> {
  return documentOf('Invoice', data, (writer) => {
    parties(writer, data);
    if (data.invoicingStrategyName) writer.text(`Invoicing: ${data.invoicingStrategyName}`);
    period(writer, data);
    amounts(writer, data);
  });
}
