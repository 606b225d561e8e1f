import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { LOCALES } from '@platform/contracts/enums';
import { siteSettingsEndpoints } from '@platform/contracts/site-settings/endpoints';
import { languageLineResource, WEB_LANGUAGE_GROUP } from '@platform/contracts/site-settings/language-line';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModuleDeps } from '../app.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { badParameter } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';

const Locale = z.enum(LOCALES);

/**
 * GET /api/v1/services/web-language-lines?locale=fr (seed 000 §7): the lines of the web group that have a text
 * in that locale, as message id → text. They override the web's bundled messages; the web keeps them a day per
 * locale and asks again when the app version changes.
 */
export function webLanguageLineRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const reads = deps.readAfter([resourceTable(languageLineResource).projection]);
  mountEndpoint(router, siteSettingsEndpoints.webLanguageLines, reads, async (req, res) => {
    const locale = Locale.safeParse(req.query.locale);
    if (!locale.success) throw badParameter('locale', `locale must be one of ${LOCALES.join(', ')}`);
    const rows = await deps.readPool.any(sql.type(z.object({ name: z.string(), text: z.string() }))`
      select name, text ->> ${locale.data} as text from read.language_lines
       where "group" = ${WEB_LANGUAGE_GROUP} and text ? ${locale.data} order by name`);
    sendDocument(res, {
      data: Object.fromEntries(rows.map((r) => [r.name, r.text])),
      meta: { locale: locale.data, ...consistencyOf(res) },
    });
  });
  return router;
}
