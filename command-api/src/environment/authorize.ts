import type { Response } from 'express';
import { ForbiddenError } from '@platform/contracts/errors';
import { allows, APP_ADMINS } from '@platform/contracts/resources/access';
import { viewerOf } from '@platform/infra/http/viewer';

/**
 * Who may change the app environment and what it renders (menu, pages, redirections): contracts' APP_ADMINS rule,
 * administrators and holders of the app_admin role (seed 000 §6: the page edit button requires app_admin; admin
 * checks include admin). The reads show these editors what they edit by the same rule (query-api visibility.ts).
 */
export function requireCmsEditor(res: Response): void {
  const viewer = viewerOf(res);
  if (!allows(APP_ADMINS, viewer)) {
    throw new ForbiddenError('Changing the site structure requires the app_admin role');
  }
}
