/**
 * Where resumable (tus) uploads are made and continued, under the API's root (ADR 0027). A constant of the API's
 * shape: the command side mounts its routes there, and the cluster's front and the one-process platform send a HEAD
 * under it to the command side (host/src/routing.ts) without loading the upload server to know it.
 */
export const TUS_PATH = '/services/files/tus';
