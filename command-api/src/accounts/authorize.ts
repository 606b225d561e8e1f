import type { Request, Response } from 'express';
import { z } from 'zod/v4';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { viewerOf } from '@platform/infra/http/viewer';

const uuid = z.string().uuid();

/** Refuses anyone but an administrator (contracts' ADMINISTRATORS rule): 401 signed out, 403 otherwise. */
export function requireAccountsAdmin(res: Response): void {
  const viewer = viewerOf(res);
  if (viewer.userId === null) throw new UnauthenticatedError();
  if (!isAdministrator(viewer)) throw new ForbiddenError('Managing accounts requires the admin role');
}

/** The signed-in person (not the machine credential). */
export function signedInUserId(res: Response): string {
  const { userId } = viewerOf(res);
  if (userId === null) throw new UnauthenticatedError();
  if (userId === SYSTEM_USER_ID)
    throw new ForbiddenError('The API token has no user account: sign in as a user');
  return userId;
}

/** `:id` of a user route: a uuid, or `me` for the signed-in user. Anything else names nobody (404). */
export function userIdParam(req: Request, res: Response): string {
  const raw = String(req.params.id);
  if (raw === 'me') return signedInUserId(res);
  if (!uuid.safeParse(raw).success) throw new NotFoundError(`user ${raw} not found`);
  return raw;
}

/** A user changes their own account; administrators change anyone's. */
export function requireSelfOrAdmin(res: Response, userId: string): void {
  const viewer = viewerOf(res);
  if (viewer.userId === null) throw new UnauthenticatedError();
  if (viewer.userId !== userId && !isAdministrator(viewer)) {
    throw new ForbiddenError('You can only change your own account');
  }
}
