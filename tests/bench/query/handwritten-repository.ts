import express from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '@platform/query-api/db';
import { z } from 'zod/v4';
import { canComment } from '@platform/contracts/resources/comments';
import { fileContentPath } from '@platform/contracts/files/file';
import { SEARCH_CONFIGS, unaccentConfig } from '@platform/contracts/resources/search';
import { listCountBound } from '@platform/contracts/resources/list-count';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModule } from '@platform/query-api/app';
import {
  listDocument,
  resourceObject,
  sendDocument,
  type ResourceObject,
} from '@platform/query-api/jsonapi/document';
import { parseListQuery } from '@platform/query-api/jsonapi/query';
import { consistencyOf } from '@platform/query-api/min-position';
import {
  authorOf,
  includedTag,
  iso,
  itemRelationships,
  keeperFlags,
  levelsOf,
  localeOf,
  otherLocales,
} from './handwritten-community.ts';

/**
 * The baseline of the community section (issue 21): the repository's list as its CMS component asks for it
 * (web/src/features/repository/repository-api.ts: `include=image,tags,categories,organization`, 12 a page, newest
 * first or by rank when searching, filtered by category, tag, organization or words), written by hand over the
 * same tables and through the same middleware as GET /api/v1/repository-items: one statement for the page, its
 * count and its included records (as a json column of its first row), typed rows, documents built field by field.
 * Served at /api/v1/bench-repository-items by the bench's platform only, for readers who keep none of the items.
 */
const TYPE = 'repository-items';
const uuid = z.string().uuid();
const ItemRow = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  printer_settings_description: z.string().nullable(),
  translations: z.record(z.string(), z.record(z.string(), z.unknown())).nullable(),
  published_at: z.number().nullable(),
  has_comments: z.boolean().nullable(),
  records_count: z.bigint().nullable(),
  pending_publication_request: z.unknown(),
  likes_count: z.bigint().nullable(),
  comments_count: z.bigint().nullable(),
  image_id: z.string().nullable(),
  additional_images_ids: z.array(z.string()).nullable(),
  attachments_ids: z.array(z.string()).nullable(),
  lc_default_config_id: z.string().nullable(),
  lc_default_mobile_config_id: z.string().nullable(),
  categories_ids: z.array(z.string()).nullable(),
  tags_ids: z.array(z.string()).nullable(),
  organization_id: z.string().nullable(),
  associated_organizations_ids: z.array(z.string()).nullable(),
  access_level_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  version: z.bigint(),
  creator_name: z.string().nullable(),
  organization_name: z.string().nullable(),
  liked: z.boolean(),
  total: z.number(),
  included: z.array(z.record(z.string(), z.unknown())).nullable(),
});
type ItemRow = z.infer<typeof ItemRow>;
const fields = {
  [TYPE]: ['title', 'description', 'publishedAt', 'image', 'tags', 'categories', 'organization'],
};
const many = (type: string, ids: string[] | null) => ({ data: (ids ?? []).map((id) => ({ type, id })) });
const one = (type: string, id: string | null) => ({ data: id ? { type, id } : null });
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function item(row: ItemRow, res: express.Response, locale: ReturnType<typeof localeOf>, query: Query) {
  const translations = row.translations ?? {};
  const own = translations[locale] ?? {};
  const text = (name: string, value: string | null) => (own[name] != null ? own[name] : value);
  const publishedAt = iso(row.published_at);
  return resourceObject(
    TYPE,
    row.id,
    {
      title: text('title', row.title),
      description: text('description', row.description),
      printerSettingsDescription: text('printerSettingsDescription', row.printer_settings_description),
      translations,
      publishedAt,
      hasComments: row.has_comments,
      recordsCount: num(row.records_count),
      pendingPublicationRequest: row.pending_publication_request ?? null,
      likesCount: num(row.likes_count),
      commentsCount: num(row.comments_count),
      otherTranslationsLocales: otherLocales(translations, locale),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      deletedAt: iso(row.deleted_at),
      likedByViewer: row.liked,
      canComment: canComment(
        {
          publishable: true,
          publishedAt,
          hasComments: row.has_comments !== false,
          softDeleted: row.deleted_at !== null,
        },
        viewerOf(res),
        new Date(),
      ),
      ...keeperFlags(res, row.created_by, row.organization_id),
      author: authorOf(row.created_by, row.creator_name, row.organization_id, row.organization_name),
    },
    {
      relationships: {
        accessLevel: one('access-levels', row.access_level_id),
        associatedOrganizations: many('organizations', row.associated_organizations_ids),
        tags: many('tags', row.tags_ids),
        image: one('files', row.image_id),
        additionalImages: many('files', row.additional_images_ids),
        attachments: many('files', row.attachments_ids),
        lcDefaultConfig: one('files', row.lc_default_config_id),
        lcDefaultMobileConfig: one('files', row.lc_default_mobile_config_id),
        categories: many('repository-categories', row.categories_ids),
        ...itemRelationships(row),
      },
      self: `/api/v1/${TYPE}/${row.id}`,
      meta: { version: row.version.toString() },
      fields: query.fields,
    },
  );
}

type Query = ReturnType<typeof parse>;
const parse = (url: string) =>
  parseListQuery(url, {
    fields,
    include: ['image', 'tags', 'categories', 'organization'],
    filters: {
      categories: uuid,
      tags: uuid,
      organization: uuid,
      search: z.string().trim().min(1).max(200),
    },
    sort: ['title', 'publishedAt'],
    defaultSort: [{ field: 'publishedAt', direction: 'desc' }],
  });

function included(
  row: Record<string, unknown>,
  res: express.Response,
  locale: ReturnType<typeof localeOf>,
  fieldsQuery: Record<string, string[]>,
): ResourceObject {
  const id = String(row.id);
  const meta = { version: String(row.version) };
  switch (row.type) {
    case 'files': {
      const hash = String(row.hash);
      const extension = String(row.extension);
      const preview = row.preview as { hash: string; extension: string } | null;
      return resourceObject(
        'files',
        id,
        {
          name: row.name,
          slug: row.slug,
          originalName: row.original_name,
          description: row.description,
          mimeType: row.mime_type,
          extension,
          family: row.family,
          hash,
          size: num(row.size),
          isPublic: row.is_public,
          isUploaded: row.is_uploaded,
          metadata: row.metadata,
          preview,
          recordsCount: num(row.records_count),
          url: fileContentPath(id, hash, extension),
          previewUrl: preview
            ? fileContentPath(id, preview.hash, preview.extension)
            : row.family === 'image' || row.family === 'svg'
              ? fileContentPath(id, hash, extension)
              : null,
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
          deletedAt: iso(row.deleted_at),
          ...keeperFlags(res, row.created_by as string | null, row.organization_id as string | null),
          author: authorOf(
            row.created_by as string | null,
            row.creator_name as string | null,
            row.organization_id as string | null,
            row.organization_name as string | null,
          ),
        },
        {
          relationships: itemRelationships(row as never),
          self: `/api/v1/files/${id}`,
          meta,
          fields: fieldsQuery,
        },
      );
    }
    case 'repository-categories': {
      const translations = (row.translations ?? {}) as Record<string, Record<string, unknown>>;
      const own = translations[locale] ?? {};
      return resourceObject(
        'repository-categories',
        id,
        {
          name: own.name ?? row.name,
          shortDescription: own.shortDescription ?? row.short_description,
          translations,
          repositoryItemsCount: num(row.repository_items_count),
          otherTranslationsLocales: otherLocales(translations, locale),
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
        },
        {
          relationships: { image: one('files', row.image_id as string | null) },
          self: `/api/v1/repository-categories/${id}`,
          meta,
          fields: fieldsQuery,
        },
      );
    }
    case 'organizations':
      return resourceObject(
        'organizations',
        id,
        {
          name: row.name,
          unitName: row.unit_name,
          slug: row.slug,
          shortDescription: row.short_description,
          description: row.description,
          contactEmail: row.contact_email,
          contactPhone: row.contact_phone,
          contactAddress: row.contact_address,
          externalUrl: row.external_url,
          country: row.country,
          longitude: row.longitude,
          latitude: row.latitude,
          repositoryItemsCount: num(row.repository_items_count),
          createdAt: iso(row.created_at),
          updatedAt: iso(row.updated_at),
        },
        {
          relationships: {
            accessLevel: one('access-levels', row.access_level_id as string | null),
            image: one('files', row.image_id as string | null),
          },
          self: `/api/v1/organizations/${id}`,
          meta,
          fields: fieldsQuery,
        },
      );
    default:
      return includedTag(row, fieldsQuery);
  }
}

/** The included records of the page `page` (a CTE of the items' rows), as one json array. */
const includedSql = sql.fragment`(select json_agg(x.row) from (
  select json_build_object('type', 'files', 'id', f.id, 'name', f.name, 'slug', f.slug,
    'original_name', f.original_name, 'description', f.description, 'mime_type', f.mime_type,
    'extension', f.extension, 'family', f.family, 'hash', f.hash, 'size', f.size, 'is_public', f.is_public,
    'is_uploaded', f.is_uploaded, 'metadata', f.metadata, 'preview', f.preview, 'records_count', f.records_count,
    'created_at', f.created_at, 'updated_at', f.updated_at, 'deleted_at', f.deleted_at,
    'created_by', f.created_by, 'updated_by', f.updated_by, 'organization_id', f.organization_id,
    'version', f.version, 'creator_name', concat_ws(' ', u.first_name, u.last_name),
    'organization_name', o.name) as row
    from read.files f
    left join read.users u on u.id = (case when f.created_by ~ '^[0-9a-f-]{36}$' then f.created_by end)::uuid
    left join read.organizations o on o.id = f.organization_id
   where f.id in (select image_id from page) and f.deleted_at is null and f.is_public
  union all
  select json_build_object('type', 'tags', 'id', t.id, 'name', t.name, 'created_at', t.created_at,
    'updated_at', t.updated_at, 'version', t.version)
    from read.tags t where t.id in (select unnest(tags_ids) from page)
  union all
  select json_build_object('type', 'repository-categories', 'id', c.id, 'name', c.name,
    'short_description', c.short_description, 'translations', c.translations,
    'repository_items_count', c.repository_items_count, 'image_id', c.image_id, 'created_at', c.created_at,
    'updated_at', c.updated_at, 'version', c.version)
    from read.repository_categories c where c.id in (select unnest(categories_ids) from page)
  union all
  select json_build_object('type', 'organizations', 'id', o.id, 'name', o.name, 'unit_name', o.unit_name,
    'slug', o.slug, 'short_description', o.short_description, 'description', o.description,
    'contact_email', o.contact_email, 'contact_phone', o.contact_phone, 'contact_address', o.contact_address,
    'external_url', o.external_url, 'country', o.country, 'longitude', o.longitude, 'latitude', o.latitude,
    'repository_items_count', o.repository_items_count, 'access_level_id', o.access_level_id,
    'image_id', o.image_id, 'created_at', o.created_at, 'updated_at', o.updated_at, 'version', o.version)
    from read.organizations o where o.id in (select organization_id from page)) x)`;

export const handwrittenRepositoryRoutes: QueryModule = (deps) => {
  const router = express.Router();
  const reads = deps.readAfter([
    'resource_repository_items',
    'resource_repository_categories',
    'resource_tags',
    'resource_files',
    'resource_organizations',
    'accounts',
    'likes',
    'stats_records',
  ]);
  router.get('/bench-repository-items', reads, async (req, res) => {
    const query = parse(req.originalUrl);
    const viewer = viewerOf(res);
    const locale = localeOf(req);
    const filter = query.filter as {
      categories?: string;
      tags?: string;
      organization?: string;
      search?: string;
    };
    const visible = sql.fragment`i.deleted_at is null and i.published_at is not null and i.published_at <= now()
        and (i.access_level_id is null or i.access_level_id = any(${sql.array(levelsOf(viewer), 'text')}))`;
    const conditions: FragmentSqlToken[] = [visible];
    if (filter.categories)
      conditions.push(sql.fragment`i.categories_ids @> ${sql.array([filter.categories], 'uuid')}`);
    if (filter.tags) conditions.push(sql.fragment`i.tags_ids @> ${sql.array([filter.tags], 'uuid')}`);
    if (filter.organization) conditions.push(sql.fragment`i.organization_id = ${filter.organization}`);
    // the order by the page's own column names, so that the page and the statement reading it order alike
    const order: FragmentSqlToken[] = [];
    let rank = sql.fragment`0::real`;
    if (filter.search) {
      const config = `public.${unaccentConfig(SEARCH_CONFIGS[locale])}`;
      const words = sql.fragment`websearch_to_tsquery(${config}::regconfig, ${filter.search})`;
      conditions.push(sql.fragment`i.search_vector @@ ${words}`);
      if (!new URL(req.originalUrl, 'http://x').searchParams.has('sort')) {
        rank = sql.fragment`ts_rank(i.search_vector, ${words})`;
        order.push(sql.fragment`rank desc`);
      }
      res.vary('Accept-Language');
    }
    const sort = query.sort[0] ?? { field: 'publishedAt', direction: 'desc' };
    const column = sql.identifier([sort.field === 'title' ? 'title' : 'published_at']);
    order.push(
      sort.direction === 'desc'
        ? sql.fragment`${column} desc nulls last, id`
        : sql.fragment`${column} asc nulls last, id`,
    );
    const where = sql.join(conditions, sql.fragment` and `);
    const orderBy = sql.join(order, sql.fragment`, `);
    const liked = viewer.userId
      ? sql.fragment`exists(select 1 from read.likes l where l.user_id = ${viewer.userId}
          and l.record_type = ${TYPE} and l.record_id = i.id::text)`
      : sql.fragment`false`;
    // the list's count stops one row past its bound, as the layer's does (ADR 0045)
    const bound = listCountBound(query.page);
    // a list filtered by one tag or one category alone counts through its join table (the items' tags and
    // categories, with the columns the visibility reads: what a hand-writer indexes a count by), as the layer's
    // list index does (ADR 0050)
    const joined =
      conditions.length === 2 && !filter.search && !filter.organization
        ? filter.tags
          ? sql.fragment`read.repository_items_by_tags i where i.target_id = ${filter.tags}::uuid`
          : filter.categories
            ? sql.fragment`read.repository_items_by_categories i where i.target_id = ${filter.categories}::uuid`
            : null
        : null;
    const counted = joined
      ? sql.fragment`(select count(*)::int from (select 1 from ${joined} and ${visible} limit ${bound + 1}) c)`
      : sql.fragment`(select count(*)::int from (select 1 from read.repository_items i where ${where} limit ${bound + 1}) c)`;
    const rows = await deps.readPool.any(sql.type(ItemRow)`
      with page as materialized (
        select i.id, i.title, i.description, i.printer_settings_description, i.translations, i.published_at,
               i.has_comments,
               -- the items' views and downloads (issue 22), as the layer reads them
               coalesce((select m.records from read.stats_records_counts m
                          where m.resource_type = ${TYPE} and m.resource_id = i.id::text), 0) as records_count,
               i.pending_publication_request, i.likes_count, i.comments_count,
               i.image_id, i.additional_images_ids, i.attachments_ids, i.lc_default_config_id,
               i.lc_default_mobile_config_id, i.categories_ids, i.tags_ids, i.organization_id,
               i.associated_organizations_ids, i.access_level_id, i.created_at, i.updated_at, i.deleted_at,
               i.created_by, i.updated_by, i.version, ${rank} as rank,
               (select concat_ws(' ', u.first_name, u.last_name) from read.users u
                 where u.id = (case when i.created_by ~ '^[0-9a-f-]{36}$' then i.created_by end)::uuid)
                 as creator_name,
               (select o.name from read.organizations o where o.id = i.organization_id) as organization_name,
               ${liked} as liked,
               ${counted} as total
          from read.repository_items i
         where ${where}
         order by ${orderBy}
         limit ${query.page.size} offset ${query.page.offset})
      select p.*, case when p.id = (select id from page limit 1) then ${includedSql} end as included
        from page p order by ${orderBy}`);
    const total = rows.length
      ? rows[0]!.total
      : await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`select ${counted} as total`);
    const found = rows.find((r) => r.included)?.included ?? [];
    sendDocument(
      res,
      listDocument({
        data: rows.map((r) => item(r, res, locale, query)),
        ...(query.include.length
          ? { included: found.map((r) => included(r, res, locale, query.fields)) }
          : {}),
        total,
        bound,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
  return router;
};
