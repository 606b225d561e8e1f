import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Logger } from 'pino';
import { deriveId } from '@platform/command-api/handler';
import {
  accountDocumentResource,
  type AccountDocumentType,
  type AccountOperation,
} from '@platform/contracts/accounting/records';
import { readStreamOrEmpty, type EventStore } from '@platform/infra/event-store';
import { seedClient, uploadPublicFile } from './client.ts';

/**
 * A demo member's account (seed 001 §3 "Coupons, transactions, documents"): the movements the back office recorded
 * on it and two documents given to the member (an invoice and a certificate, PDFs that are not public). Written
 * by the machine credential, as the back office would; movements carry an Idempotency-Key derived from what they
 * seed, and a document is made (its file uploaded) only when its stream is still empty, so running it again (a
 * site seeded by an earlier DEMO_CONTENT_VERSION) appends only what is missing. Seeded with the transactions and
 * the documents features on; only the member and the back office read any of it.
 */

/** the demo member whose account has movements and documents */
export const DEMO_ACCOUNT_HOLDER = 'member1@demo.example';

const KEY = 'seed:accounting';

export const demoAccountTransactions: ReadonlyArray<{
  key: string;
  amount: number;
  operation: AccountOperation;
  comment: string;
}> = [
  {
    key: 'yearly-credit',
    amount: 5000,
    operation: 'credit',
    comment: "The care network's credit for the year",
  },
  {
    key: 'standing-frame',
    amount: 1800,
    operation: 'debit',
    comment: 'Rental of a standing frame, three weeks',
  },
  { key: 'shipping', amount: 450, operation: 'debit', comment: 'Delivery of the standing frame' },
];

/** What the demo movements leave on the account, in cents. */
export const DEMO_ACCOUNT_BALANCE = 5000 - 1800 - 450;

export const demoAccountDocuments: ReadonlyArray<{
  key: string;
  name: string;
  documentType: AccountDocumentType;
  comment: string | null;
  fileName: string;
  lines: string[];
}> = [
  {
    key: 'standing-frame-invoice',
    name: 'Invoice: standing frame rental',
    documentType: 'invoice',
    comment: 'Paid from the credit on the account.',
    fileName: 'invoice-standing-frame.pdf',
    lines: [
      'Invoice',
      'Rental of a standing frame, three weeks: 18.00 EUR',
      'Delivery: 4.50 EUR',
      'Total: 22.50 EUR',
    ],
  },
  {
    key: 'membership-certificate',
    name: 'Membership certificate',
    documentType: 'certificate',
    comment: null,
    fileName: 'membership-certificate.pdf',
    lines: ['Membership certificate', 'The holder of this account is a member of the platform for the year.'],
  },
];

/** A one-page PDF with the lines given, top to bottom. */
async function demoPdf(lines: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, index) =>
    page.drawText(line, { x: 56, y: 780 - index * 28, size: index === 0 ? 20 : 12, font }),
  );
  return pdf.save();
}

export async function seedDemoAccounting(options: {
  baseUrl: string;
  adminToken: string;
  eventStore: EventStore;
  logger: Logger;
  /** the account holder's id (DEMO_ACCOUNT_HOLDER) */
  holder: string;
  features: { transactions: boolean; documents: boolean };
}): Promise<void> {
  const admin = seedClient(options.baseUrl, options.adminToken);
  const account = { data: { type: 'users', id: options.holder } };
  if (options.features.transactions)
    for (const { key, ...attributes } of demoAccountTransactions) {
      const type = 'account-transactions';
      await admin.command(
        'POST',
        `/${type}`,
        { data: { type, attributes, relationships: { account } } },
        `${KEY}:transaction:${key}`,
      );
    }
  if (options.features.documents)
    for (const { key, fileName, lines, ...attributes } of demoAccountDocuments) {
      const type = accountDocumentResource.type;
      const name = `${KEY}:document:${key}`;
      const id = deriveId(name, type);
      if ((await readStreamOrEmpty(options.eventStore, accountDocumentResource.streamId(id))).length)
        continue;
      const file = await uploadPublicFile(options, {
        bytes: await demoPdf(lines),
        fileName,
        mimeType: 'application/pdf',
        family: 'doc',
        name: fileName,
        description: attributes.name,
        isPublic: false,
      });
      await admin.command(
        'POST',
        `/${type}`,
        {
          data: {
            type,
            id,
            attributes,
            relationships: { account, file: { data: { type: 'files', id: file } } },
          },
        },
        name,
      );
    }
  options.logger.info({ holder: DEMO_ACCOUNT_HOLDER }, 'demo account movements and documents seeded');
}
