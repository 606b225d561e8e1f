import type { Response } from 'express';
import { editsContent } from '@platform/contracts/accounts/rules';
import { ForbiddenError } from '@platform/contracts/errors';
import { viewerOf } from '@platform/infra/http/viewer';

/**
 * Who may change the app environment and what it renders (menu, pages, redirections): contracts' CONTENT_EDITORS
 * rule, administrators and holders of the app_admin role (seed 000 §6: the page edit button requires app_admin;
 * admin checks include admin). The reads show these editors what they edit by the same rule (query-api).
 */
export function requireCmsEditor(res: Response): void {
  if (!editsContent(viewerOf(res))) {
    throw new ForbiddenError('Changing the site structure requires the app_admin role');
  }
}
