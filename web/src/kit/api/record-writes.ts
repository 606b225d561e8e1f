import type { z } from 'zod/v4';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { recordWriteEndpoints } from '@platform/contracts/resources/write-endpoints';

/**
 * The create and update of a record type as the platform serves them (contracts/src/resources/write-endpoints.ts,
 * ADR 0036): their bodies are the documents its definition makes over the catalogue the host serves, all of it (a
 * comment's record may be of any commentable type). This module therefore carries every definition: the back
 * office has them already, a reader's screen (comments, the forum, a report) imports it with its first write
 * (`import()`) rather than with the page.
 */
export function recordWrites<S extends z.ZodRawShape>(definition: ResourceDefinition<S>) {
  return recordWriteEndpoints(definition, resourceCatalogue);
}
