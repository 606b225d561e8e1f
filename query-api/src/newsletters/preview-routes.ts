import express, { type Router } from 'express';
import { z } from 'zod/v4';
import type { Locale } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { fileContentPath, fileResource } from '@platform/contracts/files/file';
import { newsletterEndpoints } from '@platform/contracts/newsletters/endpoints';
import { mailingTemplateResource } from '@platform/contracts/newsletters/mailing-template';
import {
  isServed,
  translated,
  type ResourceDefinition,
  type ResourceFeatures,
} from '@platform/contracts/resources/definition';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { requireAllowed, viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { resourceColumn, resourceTable } from '@platform/infra/resources/table';
import type { QueryModule, QueryModuleDeps } from '../app.ts';
import { sql } from '../db.ts';
import { listablePages } from '../pages/documents.ts';
import { readerLocale } from '../reader-locale.ts';
import { resourceReader } from '../resources/routes.ts';
import { newsletterPreviewHtml, shownSize, type NewsletterPreviewData } from './preview.ts';
import { publicPath } from '../search/public-path.ts';

/** At most this many articles and attached files are read into one letter. */
const MAX_ARTICLES = 200;
const MAX_ATTACHMENTS = 100;

/** What a letter reads of an article: what it shows, and what its excerpt and translations are made from. */
const ARTICLE_ATTRIBUTES = ['title', 'shortDescription', 'sections', 'translations'];

const TemplateRow = z.object({
  id: z.string(),
  subject: z.string(),
  intro_text: z.string().nullable(),
  outro_text: z.string().nullable(),
  article_ids: z.array(z.string()).nullable(),
  image_id: z.string().nullable(),
  attachment_ids: z.array(z.string()).nullable(),
});

const ArticleRow = z.object({
  id: z.string(),
  position: z.coerce.number(),
  path_key: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
});

const Dimension = z.number().int().positive();
const FileRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  hash: z.string(),
  extension: z.string(),
  size: z.coerce.number(),
  metadata: z.object({ width: Dimension.optional(), height: Dimension.optional() }).passthrough().nullable(),
  preview: z
    .object({ hash: z.string(), extension: z.string(), width: Dimension, height: Dimension })
    .passthrough()
    .nullable(),
});
type FileRow = z.infer<typeof FileRow>;

const columnOf = resourceColumn;

/** What a letter is read with: the read pool and the platform's clock (a query route's deps, or a job's). */
export type LetterReadDeps = Pick<QueryModuleDeps, 'readPool' | 'clock'>;

export interface LetterReader {
  /** the template's definition as the catalogue serves it */
  definition: ResourceDefinition;
  /** the read models a letter is read from */
  projections: readonly string[];
  /**
   * A mailing template as the letter `viewer` would get it in `locale`, or null when the template is missing or
   * the viewer may not see it (soft-deleted ones for those who may restore them, with `trashed: 'any'`). Only
   * what the viewer could open goes in: its articles published, not in the future, not deleted and readable by the
   * viewer, in the template's order; its image and attachments under the viewer's access to the files. With
   * `template: 'any'` the template itself is read whoever the viewer is (the sender's job: the back office sent it
   * to readers who may not read the template, only what it points to).
   */
  read(
    deps: LetterReadDeps,
    viewer: Viewer,
    id: string,
    locale: Locale,
    options?: { trashed?: 'any'; template?: 'any' },
  ): Promise<NewsletterPreviewData | null>;
}

/** How letters are read from the read models: the preview's and the sender's (ADR 0059, ADR 0065). */
export function letterReader(
  catalogue: readonly ResourceDefinition[],
  options: {
    appName: string;
    publicUrl: string;
    defaultLocale: Locale;
    features: Partial<ResourceFeatures>;
  },
): LetterReader {
  const definition =
    catalogue.find((d) => d.type === mailingTemplateResource.type) ?? mailingTemplateResource;
  const template = resourceReader(definition, options.defaultLocale, catalogue);
  const base = options.publicUrl.replace(/\/+$/, '');

  // the articles the template names, when the deployment serves them (FEATURE_ARTICLES)
  const articlesType = definition.relationships.articles?.type;
  const articleDefinition = catalogue.find((d) => d.type === articlesType);
  const articles =
    articleDefinition && isServed(articleDefinition, options.features)
      ? {
          definition: articleDefinition,
          reader: resourceReader(articleDefinition, options.defaultLocale, catalogue),
          attributes: resourceTable(articleDefinition).attributes.filter((a) =>
            ARTICLE_ATTRIBUTES.includes(a.name),
          ),
          path: articleDefinition.globalSearch?.path ?? null,
        }
      : null;
  const filesDefinition = catalogue.find((d) => d.type === fileResource.type);
  const files = filesDefinition ? resourceReader(filesDefinition, options.defaultLocale, catalogue) : null;

  const projections = [
    template.projection,
    ...(articles ? [articles.reader.projection, 'pages'] : []),
    ...(files ? [files.projection] : []),
  ];

  /** The articles of the letter the viewer may read, published and not deleted, in the template's order. */
  async function readArticles(deps: LetterReadDeps, viewer: Viewer, ids: readonly string[], locale: Locale) {
    if (!articles || !ids.length) return [];
    const { definition: article, reader } = articles;
    const wanted = [...new Set(ids)].slice(0, MAX_ARTICLES);
    const translatable = article.traits.translatable.length > 0;
    // its attributes a letter shows (title, short description) and those its excerpt and translations are read from
    const attributes = sql.fragment`jsonb_build_object(${sql.join(
      articles.attributes.map(
        ({ name, column }) => sql.fragment`${name}::text, ${sql.identifier(['r', column])}`,
      ),
      sql.fragment`, `,
    )})`;
    const key = articles.path?.key ?? 'id';
    const keyColumn =
      key === 'id'
        ? sql.fragment`r.id::text`
        : sql.fragment`${sql.identifier(['r', columnOf(article, key)])}::text`;
    const publishedAt = article.traits.publishable
      ? sql.fragment`and r.published_at is not null and r.published_at <= ${deps.clock().toISOString()}::timestamptz`
      : sql.fragment``;
    const rows = await deps.readPool.any(sql.type(ArticleRow)`
      select r.id::text as id, o.position, ${keyColumn} as path_key, ${attributes} as attributes
        from unnest(${sql.array(wanted, 'uuid')}) with ordinality as o(id, position)
        join ${reader.table} r on r.id = o.id
       where ${reader.visible(viewer, 'show')} ${publishedAt}
       order by o.position`);
    const pagePath =
      articles.path && 'component' in articles.path && rows.length
        ? await deps.readPool.maybeOneFirst(sql.type(z.object({ path: z.string() }))`
            select p.path from read.app_page_components c join read.app_pages p on p.id = c.page_id
             where c.name = ${articles.path.component} and not p.is_draft and p.deleted_at is null
               and ${listablePages(viewer)}
             order by c.page_id, c.position, c.id
             limit 1`)
        : null;
    return rows.map((row) => {
      const own = translatable
        ? translated(article, row.attributes, locale, options.defaultLocale).attributes
        : row.attributes;
      const excerpt = article.derived?.excerpt?.(own, row.id);
      const path = articles.path && row.path_key ? publicPath(articles.path, row.path_key, pagePath) : null;
      return {
        title: String(own.title ?? ''),
        description: typeof excerpt === 'string' ? excerpt : String(own.shortDescription ?? ''),
        url: path === null ? null : `${base}${path}`,
      };
    });
  }

  /** The files named, those the viewer may read and not deleted, by id. */
  async function readFiles(deps: LetterReadDeps, viewer: Viewer, ids: readonly string[]) {
    if (!files || !ids.length) return new Map<string, FileRow>();
    const rows = await deps.readPool.any(sql.type(FileRow)`
      select r.id::text as id, r.name, r.description, r.hash, r.extension, r.size, r.metadata, r.preview
        from ${files.table} r
       where r.id = any(${sql.array([...new Set(ids)], 'uuid')}) and ${files.visible(viewer, 'show')}`);
    return new Map(rows.map((file) => [file.id, file]));
  }

  async function read(
    deps: LetterReadDeps,
    viewer: Viewer,
    id: string,
    locale: Locale,
    readOptions: { trashed?: 'any'; template?: 'any' } = {},
  ): Promise<NewsletterPreviewData | null> {
    if (!definition.idSchema.safeParse(id).success) return null;
    const row = await deps.readPool.maybeOne(sql.type(TemplateRow)`
      select r.id::text as id,
             ${sql.identifier(['r', columnOf(definition, 'subject')])} as subject,
             ${sql.identifier(['r', columnOf(definition, 'introText')])} as intro_text,
             ${sql.identifier(['r', columnOf(definition, 'outroText')])} as outro_text,
             ${sql.identifier(['r', columnOf(definition, 'articles')])}::text[] as article_ids,
             ${sql.identifier(['r', columnOf(definition, 'image')])}::text as image_id,
             (${sql.identifier(['r', columnOf(definition, 'attachments')])})[1:${MAX_ATTACHMENTS}]::text[]
               as attachment_ids
        from ${template.table} r
       where r.id = ${id}
         and ${
           readOptions.template === 'any'
             ? sql.fragment`true`
             : template.visible(viewer, 'show', readOptions.trashed ? { trashed: 'any' } : {})
         }`);
    if (!row) return null;
    const attachmentIds = row.attachment_ids ?? [];
    const [letterArticles, letterFiles] = await Promise.all([
      readArticles(deps, viewer, row.article_ids ?? [], locale),
      readFiles(deps, viewer, [...(row.image_id ? [row.image_id] : []), ...attachmentIds]),
    ]);
    const image = row.image_id ? letterFiles.get(row.image_id) : undefined;
    return {
      locale,
      siteName: options.appName,
      siteUrl: `${base}/`,
      subject: row.subject,
      introHtml: row.intro_text?.trim() ? row.intro_text : null,
      outroHtml: row.outro_text?.trim() ? row.outro_text : null,
      image: image ? imageOf(base, image) : null,
      articles: letterArticles,
      attachments: [...new Set(attachmentIds)].flatMap((fileId) => {
        const file = letterFiles.get(fileId);
        return file
          ? [
              {
                name: file.name,
                url: `${base}${fileContentPath(file.id, file.hash, file.extension)}`,
                extension: file.extension,
                size: file.size,
              },
            ]
          : [];
      }),
    };
  }

  return { definition, projections, read };
}

/**
 * GET /api/v1/services/newsletters/preview/{id} (seed 000 §2): a mailing template as the letter its readers get,
 * one HTML document made when asked (newsletterPreviewHtml). Read as `GET /api/v1/mailing-templates/{id}` reads
 * it, with the layer's own reader: the template's `show` rule first (a visitor 401, a member without the role
 * 403), then the row under the same visibility (a missing, malformed or, but for those who may restore it,
 * soft-deleted template 404), through the letter reader (letterReader). The document runs no script: its policy
 * allows none, and it is not kept by any cache.
 */
export function newsletterPreviewRoutes(
  catalogue: readonly ResourceDefinition[],
  options: {
    appName: string;
    publicUrl: string;
    defaultLocale: Locale;
    features: Partial<ResourceFeatures>;
  },
): QueryModule {
  const letters = letterReader(catalogue, options);
  const { definition } = letters;
  const base = options.publicUrl.replace(/\/+$/, '');
  const policy = [
    "default-src 'none'",
    // the image is the platform's own file, named by the public address (the same origin, or the one in front)
    `img-src 'self' ${new URL(base).origin} data:`,
    // mail clients read inline styles only, and styles run no code
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter(letters.projections);

    mountEndpoint(router, newsletterEndpoints.preview, reads, async (req, res, { params }) => {
      // one access rule per action: the template's `show`, asked as its find asks it (401, then 403)
      requireAllowed(res, definition.access.show, `${definition.singular}: show`);
      const viewer = viewerOf(res);
      const id = params.id;
      const locale = readerLocale(req, options.defaultLocale);
      const data = await letters.read(deps, viewer, id, locale, { trashed: 'any' });
      if (!data) throw new NotFoundError(`${definition.singular} ${id} not found`);
      res
        .status(200)
        .type('text/html; charset=utf-8')
        .vary('Accept-Language')
        .set('Cache-Control', 'private, no-store')
        .set('X-Content-Type-Options', 'nosniff')
        .set('Content-Security-Policy', policy)
        .send(newsletterPreviewHtml(data));
    });
    return router;
  };
}

/** The image on top: its preview variant (itself when it has none), the size shown, and its description as alt. */
function imageOf(base: string, file: FileRow): NonNullable<NewsletterPreviewData['image']> {
  const own = file.preview ?? {
    hash: file.hash,
    extension: file.extension,
    width: file.metadata?.width,
    height: file.metadata?.height,
  };
  const size = shownSize(own.width, own.height);
  return {
    src: `${base}${fileContentPath(file.id, own.hash, own.extension)}`,
    width: size?.width ?? null,
    height: size?.height ?? null,
    // a file without a description is decorative here: the subject below says what the letter is
    alt: file.description?.trim() ?? '',
  };
}
