import { PDFDocument } from 'pdf-lib';
import { embedDocumentFonts, plainText, SIZE, Writer } from '../documents/pdf-writer.ts';
import type { RentalInvoiceAmounts } from '@platform/contracts/rental/amounts';

/**
 * The rental command's documents as PDF (pdf-lib, ADR 0028): the contract the member signs and uploads at the
 * contract step, and the invoice of its amounts. Built from what the read models hold when asked, in the documents'
 * embedded fonts (ADR 0057), which draw the names and addresses of every language the platform speaks.
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
  const fonts = await embedDocumentFonts(doc);
  const writer = new Writer(doc, fonts.regular, fonts.bold);
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
