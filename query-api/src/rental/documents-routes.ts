import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { appEnvironmentResource, APP_ENVIRONMENT_ID } from '@platform/contracts/environment/app-environment';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { rentalInvoiceAmounts } from '@platform/contracts/rental/amounts';
import {
  mayReadRentalCommand,
  rentalCommandDocumentName,
  type RentalCommandDocument,
} from '@platform/contracts/rental/command';
import { periodDays } from '@platform/contracts/rental/period';
import { rentalInvoicingStrategyResource, rentalModelResource } from '@platform/contracts/rental/records';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import { fileResource } from '@platform/contracts/files/file';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { BlobStore } from '@platform/infra/files/storage';
import type { QueryModule } from '../app.ts';
import { sendBlob } from '../files/routes.ts';
import { isoTimestamp } from '../jsonapi/sql.ts';
import { rentalContractPdf, rentalInvoicePdf, type RentalDocumentData } from './documents.ts';

const uuid = z.string().uuid();
const Amounts = z.object({
  lines: z.array(z.object({ modelId: z.string(), exclTax: z.number() })),
  itemsExclTax: z.number(),
  shipping: z.number(),
  exclTax: z.number(),
  tax: z.number(),
  invoicingStrategyId: z.string().nullable().optional(),
  taxRate: z.number().nullable().optional(),
});
const CommandRow = z.object({
  id: z.string(),
  user_id: z.string(),
  strategy: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  billing_address: z.string(),
  shipping_address: z.string().nullable(),
  phone: z.string(),
  amounts: z.unknown(),
  created_at: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  member_strategy: z.string().nullable(),
});
const SignedContract = z.object({
  user_id: z.string(),
  hash: z.string().nullable(),
  mime_type: z.string().nullable(),
  name: z.string().nullable(),
});
const LineRow = z.object({
  model_id: z.string(),
  quantity: z.number(),
  renting_price: z.number(),
  model_name: z.string().nullable(),
});
const Texts = z.object({
  header: z.string().nullable(),
  footer: z.string().nullable(),
  conditions: z.string().nullable(),
  tax: z.number().nullable(),
});

export interface RentalDocumentsOptions {
  appName: string;
  currency: string;
  /** where the signed contracts' contents are kept (the file fields' blob store) */
  store: BlobStore;
}

/**
 * GET /api/v1/services/rentals/commands/{id}/contract and .../invoice: the command's contract (to sign and upload
 * at the contract step) and its invoice, as PDF downloads. The command's read rule decides who gets them (its
 * member and the rental desk, mayReadRentalCommand); for anyone else the command is not found.
 *
 * GET .../signed-contract: the signed contract its member, or the rental desk for them, uploaded (a file that is
 * not public), under the same rule: the member reads what the desk uploaded, and the desk what the member did.
 */
export function rentalDocumentRoutes(options: RentalDocumentsOptions): QueryModule {
  const models = resourceTable(rentalModelResource);
  const strategies = resourceTable(rentalInvoicingStrategyResource);
  const environment = resourceTable(appEnvironmentResource);
  const column = (name: string) => {
    const found = environment.attributes.find((a) => a.name === name);
    if (!found) throw new Error(`the app environment has no ${name}`);
    return sql.identifier(['e', found.column]);
  };
  return (deps): Router => {
    const router = express.Router();
    const filesTable = resourceTable(fileResource);
    const reads = deps.readAfter([
      filesTable.projection,
      'rental_commands',
      'accounts',
      models.projection,
      strategies.projection,
      environment.projection,
    ]);

    const documentData = async (id: string, viewer: ReturnType<typeof viewerOf>) => {
      const notFound = new NotFoundError(`rental command ${id} not found`);
      if (!uuid.safeParse(id).success) throw notFound;
      const row = await deps.readPool.maybeOne(sql.type(CommandRow)`
        select c.id::text, c.user_id::text, c.strategy, c.start_at::text, c.end_at::text, c.billing_address,
               c.shipping_address, c.phone, c.amounts, c.created_at,
               u.first_name, u.last_name, u.email, u.rental_invoicing_strategy_id as member_strategy
          from read.rental_commands c left join read.users u on u.id = c.user_id
         where c.id = ${id}`);
      if (!row || !mayReadRentalCommand(viewer, row.user_id)) throw notFound;
      const lines = await deps.readPool.any(sql.type(LineRow)`
        select i.model_id::text, i.quantity, i.renting_price, m.name as model_name
          from read.rental_command_items i
          left join ${sql.identifier(['read', models.table])} m on m.id = i.model_id
         where i.command_id = ${row.id} order by i.position`);
      const texts = await deps.readPool.maybeOne(sql.type(Texts)`
        select ${column('documentHeader')} as header, ${column('documentFooter')} as footer,
               ${column('documentRentalConditions')} as conditions,
               ${column('rentalOrganizationTax')}::float8 as tax
          from ${sql.identifier(['read', environment.table])} e where e.id = ${APP_ENVIRONMENT_ID}`);
      const amounts = Amounts.parse(row.amounts);
      // the strategy the member confirmed with; older commands did not keep it: the member's own today
      const strategyId =
        amounts.invoicingStrategyId !== undefined ? amounts.invoicingStrategyId : row.member_strategy;
      const strategyName = strategyId
        ? await deps.readPool.maybeOneFirst(sql.type(z.object({ name: z.string() }))`
            select name from ${sql.identifier(['read', strategies.table])} where id = ${strategyId}`)
        : null;
      const exclTaxOf = new Map(amounts.lines.map((line) => [line.modelId, line.exclTax]));
      const data: RentalDocumentData = {
        appName: options.appName,
        currency: options.currency,
        commandId: row.id,
        createdAt: isoTimestamp(row.created_at),
        issuedAt: deps.clock().toISOString(),
        startAt: row.start_at,
        endAt: row.end_at,
        days: periodDays({ startAt: row.start_at, endAt: row.end_at }),
        member: {
          name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
          email: row.email ?? '',
          phone: row.phone,
        },
        billingAddress: row.billing_address,
        shippingAddress: row.shipping_address,
        strategy: row.strategy,
        lines: lines.map((line) => ({
          modelName: line.model_name ?? line.model_id,
          quantity: line.quantity,
          rentingPrice: line.renting_price,
          exclTax: exclTaxOf.get(line.model_id) ?? 0,
        })),
        invoice: rentalInvoiceAmounts(
          amounts,
          strategyId ?? null,
          amounts.taxRate !== undefined ? amounts.taxRate : (texts?.tax ?? null),
        ),
        invoicingStrategyName: strategyName,
        documentHeader: texts?.header ?? null,
        documentFooter: texts?.footer ?? null,
        rentalConditions: texts?.conditions ?? null,
      };
      return data;
    };

    const documents: Record<RentalCommandDocument, typeof rentalContractPdf> = {
      contract: rentalContractPdf,
      invoice: rentalInvoicePdf,
    };
    for (const [kind, build] of Object.entries(documents) as Array<
      [RentalCommandDocument, typeof rentalContractPdf]
    >)
      mountEndpoint(router, rentalEndpoints[kind], reads, async (req, res, { params }) => {
        const viewer = viewerOf(res);
        if (viewer.userId === null) throw new UnauthenticatedError();
        const data = await documentData(params.id, viewer);
        const bytes = await build(data);
        res
          .status(200)
          .type('application/pdf')
          .set(
            'Content-Disposition',
            `attachment; filename="${rentalCommandDocumentName(data.commandId, kind)}"`,
          )
          .set('Cache-Control', 'private, no-store')
          .send(Buffer.from(bytes));
      });
    mountEndpoint(router, rentalEndpoints.signedContract, reads, async (req, res, { params }) => {
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      const id = params.id;
      const notFound = new NotFoundError(`rental command ${id} not found`);
      if (!uuid.safeParse(id).success) throw notFound;
      const row = await deps.readPool.maybeOne(sql.type(SignedContract)`
        select c.user_id::text, f.hash, f.mime_type, f.name
          from read.rental_commands c
          left join ${sql.identifier(['read', filesTable.table])} f
            on f.id = c.signed_contract_file_id and f.deleted_at is null
         where c.id = ${id}`);
      if (!row || !mayReadRentalCommand(viewer, row.user_id)) throw notFound;
      if (!row.hash || !row.mime_type || !row.name)
        throw new NotFoundError(`rental command ${id} has no signed contract`);
      await sendBlob(req, res, options.store, {
        hash: row.hash,
        mimeType: row.mime_type,
        name: row.name,
        cache: 'private, no-cache',
      });
    });
    return router;
  };
}
