import type { CommandMetadata } from '@platform/contracts/metadata';
import {
  claimUniqueValue,
  releaseUniqueValue,
  SITE_PATH_SCOPE,
  uniqueValueStreamId,
  type ClaimOptions,
  type UniqueValueDeps,
  type UniqueValueScope,
  type ValueHolder,
} from '../claims/unique-values.ts';

/**
 * The former names of claims/unique-values.ts, kept only for the resource layer (resources/routes.ts and its
 * tests) until it moves to `withUniqueValues`; nothing else should import them. Same streams, same events.
 */

/** @deprecated UniqueValueScope */
export type ClaimScope = UniqueValueScope;
/** @deprecated SITE_PATH_SCOPE */
export const PATH_SCOPE = SITE_PATH_SCOPE;

/** @deprecated uniqueValueStreamId(scope, value) */
export function pathClaimStreamId(path: string, scope: UniqueValueScope = SITE_PATH_SCOPE): string {
  return uniqueValueStreamId(scope, path);
}

/** @deprecated claimUniqueValue, or withUniqueValues for the whole claim-append-release sequence */
export function claimPath(
  deps: UniqueValueDeps,
  path: string,
  owner: ValueHolder,
  metadata: CommandMetadata,
  options: ClaimOptions & { scope?: UniqueValueScope } = {},
): Promise<{ position: bigint; claimed: boolean }> {
  const { scope = SITE_PATH_SCOPE, pointer = '/data/attributes/path', ...rest } = options;
  return claimUniqueValue(deps, scope, path, owner, metadata, { ...rest, pointer });
}

/** @deprecated releaseUniqueValue, or withUniqueValues for the whole claim-append-release sequence */
export function releasePath(
  deps: UniqueValueDeps,
  path: string,
  owner: ValueHolder,
  metadata: CommandMetadata,
  options: Pick<ClaimOptions, 'idempotencyKey'> & { scope?: UniqueValueScope } = {},
): Promise<{ position: bigint; released: boolean }> {
  const { scope = SITE_PATH_SCOPE, ...rest } = options;
  return releaseUniqueValue(deps, scope, path, owner, metadata, rest);
}
