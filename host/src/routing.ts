import { TUS_PATH } from '@platform/contracts/files/paths';

/**
 * Which side answers a request (ADR 0048): reads (GET, HEAD) the query side, every other method the command side.
 * A HEAD on a resumable upload is the tus protocol's "where am I" of an upload in progress: the command side's
 * (ADR 0027). The one-process platform routes its API by it, and so does the cluster's front between processes.
 * `path` is the request's path under /api/v1 in the platform, or the whole path at the front.
 */
export function isReadRequest(method: string, path: string): boolean {
  if (method === 'GET') return true;
  if (method !== 'HEAD') return false;
  return !path.startsWith(`${TUS_PATH}/`) && !path.startsWith(`/api/v1${TUS_PATH}/`);
}
