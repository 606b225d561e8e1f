import type { Response } from 'express';
import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod/v4';
import { anyRow } from '../db.ts';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import type { ResourceObject } from '../jsonapi/document.ts';

/** A row of a resource's read table, as the read pool hands it over. */
export const Row = anyRow(z.record(z.string(), z.unknown()));
export type Row = z.infer<typeof Row>;

/**
 * A related record read through a document's includes: its type, its row as json, and the values read beside
 * the row (its authors' names, its read-model attributes) as json, or null.
 */
export const IncludedRow = anyRow(
  z.object({
    type: z.string(),
    row: z.record(z.string(), z.unknown()),
    extra: z.record(z.string(), z.unknown()).nullable(),
  }),
);

/** An included record's row with the values read beside it, as the type's reader reads a row of a list. */
export function includedRowOf(row: Row, extra: Row | null | undefined): Row {
  return extra ? { ...row, ...extra } : row;
}

/** How one resource's rows are read and shown: shared by its own routes and by the includes of others. */
export interface Reader {
  definition: ResourceDefinition;
  projection: string;
  fieldNames: string[];
  /**
   * the records by id the viewer may read (show), as `type, row, extra` (json, IncludedRow): a part of a
   * document's includes
   */
  selectByIds(ids: readonly string[], res: Response): FragmentSqlToken | null;
  /** the same, the ids being a subquery's (read from the rows of the page the includes belong to) */
  selectByIdsIn(ids: FragmentSqlToken, res: Response): FragmentSqlToken;
  toResource(row: Row, res: Response, fields: Record<string, string[]>): ResourceObject;
}
