import type { Response } from 'express';
import { ForbiddenError } from '@platform/contracts/errors';
import { viewerOf } from '@platform/infra/http/viewer';

/**
 * Who may change the app environment and what it renders (menu, redirections): administrators and holders of
 * the app_admin role (seed 000 §6: the page edit button requires app_admin; admin checks include admin).
 */
export function requireCmsEditor(res: Response): void {
  const viewer = viewerOf(res);
  if (!viewer.isAdmin && !viewer.roles.includes('app_admin') && !viewer.roles.includes('admin')) {
    throw new ForbiddenError('Changing the site structure requires the app_admin role');
  }
}
