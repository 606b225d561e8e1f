import express from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '@platform/query-api/db';
import { z } from 'zod/v4';
import { viewerOf } from '@platform/infra/http/viewer';
import { listCountBound } from '@platform/contracts/resources/list-count';
import type { QueryModule } from '@platform/query-api/app';
import { listDocument, resourceObject, sendDocument } from '@platform/query-api/jsonapi/document';
import { parseListQuery } from '@platform/query-api/jsonapi/query';
import { consistencyOf } from '@platform/query-api/min-position';
import { authorOf, includedTag, iso, itemRelationships, keeperFlags } from './handwritten-community.ts';

/**
 * The baseline of the community section (issue 21): a forum category's subjects as the forum asks for them
 * (web/src/features/forum/forum-api.ts: `include=tags,latestMessage`, the subjects pinned on the category first,
 * then by their latest change, 20 a page), written by hand over the same tables and through the same middleware
 * as GET /api/v1/forum-subjects: one statement for the page, its count and its included tags and latest messages
 * (as a json column of its first row). The counts are the projections' (messagesCount, latestMessage): nothing
 * here reads the messages but the latest ones. Served at /api/v1/bench-forum-subjects by the bench's platform
 * only, for readers who keep none of the subjects.
 */
const TYPE = 'forum-subjects';
const SubjectRow = z.object({
  id: z.string(),
  title: z.string(),
  limit_to_admin: z.boolean().nullable(),
  pinned_on_home_at: z.number().nullable(),
  pinned_on_category_at: z.number().nullable(),
  records_count: z.bigint().nullable(),
  messages_count: z.bigint().nullable(),
  likes_count: z.bigint().nullable(),
  organization_id: z.string().nullable(),
  tags_ids: z.array(z.string()).nullable(),
  category_id: z.string().nullable(),
  latest_message_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  version: z.bigint(),
  creator_name: z.string().nullable(),
  creator_exists: z.boolean(),
  organization_name: z.string().nullable(),
  liked: z.boolean(),
  total: z.number(),
  included: z.array(z.record(z.string(), z.unknown())).nullable(),
});
type SubjectRow = z.infer<typeof SubjectRow>;
const fields = { [TYPE]: ['title', 'messagesCount', 'tags', 'latestMessage'] };
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const one = (type: string, id: string | null) => ({ data: id ? { type, id } : null });
/** The authored trait: the author's name, "anonymous" when the account is gone. */
const authorName = (name: unknown, exists: unknown) =>
  exists === true && typeof name === 'string' && name.trim() ? name.trim() : 'anonymous';

type Query = ReturnType<typeof parse>;
const parse = (url: string) =>
  parseListQuery(url, {
    fields,
    include: ['tags', 'latestMessage'],
    filters: { category: z.string().uuid() },
    sort: ['pinnedOnCategoryAt', 'updatedAt'],
    defaultSort: [{ field: 'updatedAt', direction: 'desc' }],
  });

function subject(row: SubjectRow, res: express.Response, query: Query) {
  return resourceObject(
    TYPE,
    row.id,
    {
      title: row.title,
      limitToAdmin: row.limit_to_admin,
      pinnedOnHomeAt: iso(row.pinned_on_home_at),
      pinnedOnCategoryAt: iso(row.pinned_on_category_at),
      recordsCount: num(row.records_count),
      messagesCount: num(row.messages_count),
      likesCount: num(row.likes_count),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      deletedAt: iso(row.deleted_at),
      likedByViewer: row.liked,
      authorName: authorName(row.creator_name, row.creator_exists),
      ...keeperFlags(res, row.created_by, row.organization_id),
      author: authorOf(row.created_by, row.creator_name, row.organization_id, row.organization_name),
    },
    {
      relationships: {
        tags: { data: (row.tags_ids ?? []).map((id) => ({ type: 'tags', id })) },
        category: one('forum-categories', row.category_id),
        latestMessage: one('forum-subject-messages', row.latest_message_id),
        ...itemRelationships(row),
      },
      self: `/api/v1/${TYPE}/${row.id}`,
      meta: { version: row.version.toString() },
      fields: query.fields,
    },
  );
}

function latestMessage(
  row: Record<string, unknown>,
  res: express.Response,
  fieldsQuery: Record<string, string[]>,
) {
  const id = String(row.id);
  const createdBy = row.created_by as string | null;
  const organizationId = row.organization_id as string | null;
  return resourceObject(
    'forum-subject-messages',
    id,
    {
      content: row.content,
      newMessagesCount: num(row.new_messages_count),
      likesCount: num(row.likes_count),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      deletedAt: iso(row.deleted_at),
      authorName: authorName(row.creator_name, row.creator_exists),
      ...keeperFlags(res, createdBy, organizationId),
      author: authorOf(
        createdBy,
        row.creator_name as string | null,
        organizationId,
        row.organization_name as string | null,
      ),
    },
    {
      relationships: {
        subject: one('forum-subjects', row.subject_id as string | null),
        parentMessage: one('forum-subject-messages', row.parent_message_id as string | null),
        ...itemRelationships(row as never),
      },
      self: `/api/v1/forum-subject-messages/${id}`,
      meta: { version: String(row.version) },
      fields: fieldsQuery,
    },
  );
}

/** The page's tags and latest messages (the page is the CTE `page`), as one json array. */
const includedSql = sql.fragment`(select json_agg(x.row) from (
  select json_build_object('type', 'tags', 'id', t.id, 'name', t.name, 'created_at', t.created_at,
    'updated_at', t.updated_at, 'version', t.version) as row
    from read.tags t where t.id in (select unnest(tags_ids) from page)
  union all
  select json_build_object('type', 'forum-subject-messages', 'id', m.id, 'content', m.content,
    'new_messages_count', m.new_messages_count, 'likes_count', m.likes_count, 'subject_id', m.subject_id,
    'parent_message_id', m.parent_message_id, 'organization_id', m.organization_id,
    'created_at', m.created_at, 'updated_at', m.updated_at, 'deleted_at', m.deleted_at,
    'created_by', m.created_by, 'updated_by', m.updated_by, 'version', m.version,
    'creator_name', concat_ws(' ', u.first_name, u.last_name), 'creator_exists', u.id is not null,
    'organization_name', o.name)
    from read.forum_subject_messages m
    left join read.users u on u.id = (case when m.created_by ~ '^[0-9a-f-]{36}$' then m.created_by end)::uuid
    left join read.organizations o on o.id = m.organization_id
   where m.id in (select latest_message_id from page) and m.deleted_at is null
     and exists (select 1 from read.forum_subjects s where s.id = m.subject_id and s.deleted_at is null)) x)`;

export const handwrittenForumRoutes: QueryModule = (deps) => {
  const router = express.Router();
  const reads = deps.readAfter([
    'resource_forum_subjects',
    'resource_forum_subject_messages',
    'resource_tags',
    'resource_organizations',
    'accounts',
    'likes',
    'stats_records',
  ]);
  router.get('/bench-forum-subjects', reads, async (req, res) => {
    const query = parse(req.originalUrl);
    const viewer = viewerOf(res);
    const conditions: FragmentSqlToken[] = [sql.fragment`s.deleted_at is null`];
    const category = (query.filter as { category?: string }).category;
    if (category) conditions.push(sql.fragment`s.category_id = ${category}`);
    const where = sql.join(conditions, sql.fragment` and `);
    // by the page's own column names, so that the page and the statement reading it order alike
    const columns: Record<string, string> = {
      pinnedOnCategoryAt: 'pinned_on_category_at',
      updatedAt: 'updated_at',
    };
    const terms = query.sort.map(
      (s) =>
        sql.fragment`${sql.identifier([columns[s.field]!])} ${s.direction === 'desc' ? sql.fragment`desc` : sql.fragment`asc`} nulls last`,
    );
    const orderBy = sql.join([...terms, sql.fragment`id`], sql.fragment`, `);
    const liked = viewer.userId
      ? sql.fragment`exists(select 1 from read.likes l where l.user_id = ${viewer.userId}
          and l.record_type = ${TYPE} and l.record_id = s.id::text)`
      : sql.fragment`false`;
    // the list's count stops one row past its bound, as the layer's does (ADR 0045)
    const bound = listCountBound(query.page);
    const counted = sql.fragment`(select count(*)::int from (select 1 from read.forum_subjects s where ${where} limit ${bound + 1}) c)`;
    const rows = await deps.readPool.any(sql.type(SubjectRow)`
      with page as materialized (
        select s.id, s.title, s.limit_to_admin, s.pinned_on_home_at, s.pinned_on_category_at,
               -- the subjects' views and downloads (issue 22), as the layer reads them
               coalesce((select m.records from read.stats_records_counts m
                          where m.resource_type = ${TYPE} and m.resource_id = s.id::text), 0) as records_count,
               s.messages_count, s.likes_count, s.organization_id, s.tags_ids, s.category_id, s.latest_message_id,
               s.created_at, s.updated_at, s.deleted_at, s.created_by, s.updated_by, s.version,
               concat_ws(' ', u.first_name, u.last_name) as creator_name, u.id is not null as creator_exists,
               o.name as organization_name, ${liked} as liked,
               ${counted} as total
          from read.forum_subjects s
          left join read.users u on u.id = (case when s.created_by ~ '^[0-9a-f-]{36}$' then s.created_by end)::uuid
          left join read.organizations o on o.id = s.organization_id
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
        data: rows.map((r) => subject(r, res, query)),
        ...(query.include.length
          ? {
              included: found.map((r) =>
                r.type === 'tags' ? includedTag(r, query.fields) : latestMessage(r, res, query.fields),
              ),
            }
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
