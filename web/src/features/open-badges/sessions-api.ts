import {
  OPEN_BADGE_SESSION_STATUSES,
  type OpenBadgeSessionActionName,
  type OpenBadgeSessionStatus,
} from '@platform/contracts/open-badges/session';
import { openBadgeEndpoints as endpoints } from '@platform/contracts/open-badges/endpoints';
import { recordEndpoints } from '@platform/contracts/resources/endpoints';
import { z } from 'zod/v4';
import type { ApiClient } from '../../kit/api/client.ts';
import { fileView, type FileView } from '../../kit/api/files.ts';

/**
 * The open badge training sessions as the API answers them (the shared plan of issue 20): the session document
 * (GET /services/open-badges/sessions/{id}), the list, the session's actions and the assertion's issue. The
 * status is derived by the server from the session's stream; `allowedActions` is what this viewer may do now.
 */
/** The derived statuses and the actions, as the contracts name them (the server decides with the same). */
export const SESSION_STATUSES = OPEN_BADGE_SESSION_STATUSES;
export type SessionStatus = OpenBadgeSessionStatus;

export const SESSION_ACTIONS = [
  'accept',
  'refuse',
  'start-module',
  'finish-module',
  'issue-assertion',
] as const satisfies readonly OpenBadgeSessionActionName[];
export type SessionActionName = (typeof SESSION_ACTIONS)[number];

/** What POST .../sessions/{id}/actions takes (the web always names the module's position). */
export type SessionAction =
  | { action: 'accept' }
  | { action: 'refuse'; reason: string }
  | { action: 'start-module'; position: number }
  | { action: 'finish-module'; position: number };

const when = z.string().nullable().optional().default(null);
const text = z.string().nullable().optional().default(null);

const ModuleSchema = z.object({
  position: z.number().int(),
  title: z.string(),
  content: z.string().nullable().optional().default(''),
  startedAt: when,
  finishedAt: when,
});
export type SessionModule = z.infer<typeof ModuleSchema>;

const SessionSchema = z.object({
  type: z.literal('open-badge-training-sessions'),
  id: z.string(),
  attributes: z.object({
    status: z.enum(SESSION_STATUSES),
    badgeId: z.string().nullable(),
    badgeTitle: z.string().nullable().optional().default(''),
    issuerId: z.string().nullable(),
    issuerName: z.string().nullable().optional().default(''),
    userId: z.string().nullable().optional().default(null),
    memberName: text,
    requestedAt: when,
    acceptedAt: when,
    refusedAt: when,
    refusedReason: text,
    startedAt: when,
    finishedAt: when,
    durationSeconds: z.number().nullable().optional().default(null),
    modules: z.array(ModuleSchema).default([]),
    assertionId: text,
    // an action this web does not know yet is left out rather than refusing the whole document
    allowedActions: z
      .array(z.string())
      .default([])
      .transform((names) =>
        names.filter((n): n is SessionActionName => (SESSION_ACTIONS as readonly string[]).includes(n)),
      ),
    currentPosition: z.number().int().nullable().optional().default(null),
  }),
});

/** A session as the screens show it: its attributes, the modules in their order. */
export type SessionView = z.infer<typeof SessionSchema>['attributes'] & { id: string };

const view = (data: z.infer<typeof SessionSchema>): SessionView => ({
  id: data.id,
  ...data.attributes,
  modules: [...data.attributes.modules].sort((a, b) => a.position - b.position),
});

const DocumentSchema = z.object({ data: SessionSchema });
const ListSchema = z.object({
  data: z.array(SessionSchema),
  meta: z
    .object({
      page: z.object({ number: z.number(), totalPages: z.number() }).passthrough().optional(),
    })
    .passthrough()
    .optional(),
});
/** A write's answer: the written record's id and the event store position the next read waits for. */
const WriteAnswerSchema = z
  .object({
    data: z.object({ id: z.string() }).passthrough(),
    meta: z.object({ position: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

const signalOf = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/** GET .../sessions/{id}; `minPosition` after a write, so the read has what it did. */
export async function readSession(
  api: ApiClient,
  id: string,
  options: { signal?: AbortSignal | undefined; minPosition?: string | undefined } = {},
): Promise<SessionView> {
  const doc = await api.call(endpoints.session, {
    params: { id },
    schema: DocumentSchema,
    query: options.minPosition ? { minPosition: options.minPosition } : {},
    ...signalOf(options.signal),
  });
  return view(doc.data);
}

/** GET .../sessions: the viewer's own, the acting organization's as an issuer, every one for administrators. */
export async function readSessions(
  api: ApiClient,
  filter: { status?: SessionStatus | undefined; page?: number },
  options: { signal?: AbortSignal } = {},
) {
  const doc = await api.call(endpoints.sessions, {
    schema: ListSchema,
    query: {
      ...(filter.status ? { 'filter[status]': filter.status } : {}),
      'page[number]': filter.page ?? 1,
    },
    ...signalOf(options.signal),
  });
  return { sessions: doc.data.map(view), totalPages: doc.meta?.page?.totalPages ?? 1 };
}

/** POST .../sessions: the member asks the issuer for a training on the badge; 201 with the new session. */
export async function requestSession(
  api: ApiClient,
  input: { badgeId: string; issuerId: string },
): Promise<{ id: string; position: string | undefined }> {
  const doc = await api.call(endpoints.requestSession, {
    schema: WriteAnswerSchema,
    body: { data: { type: 'open-badge-training-sessions', attributes: input } },
  });
  return { id: doc.data.id, position: doc.meta?.position };
}

/** POST .../sessions/{id}/actions: accept, refuse (a reason), start or finish a module (its position). */
export async function sendSessionAction(
  api: ApiClient,
  id: string,
  action: SessionAction,
  signal?: AbortSignal,
): Promise<{ position: string | undefined }> {
  const doc = await api.call(endpoints.sessionAction, {
    params: { id },
    schema: WriteAnswerSchema,
    body: { data: { type: 'open-badge-training-session-actions', attributes: action } },
    ...signalOf(signal),
  });
  return { position: doc.meta?.position };
}

/** POST .../sessions/{id}/assertion (the issuer): the badge awarded to the member; 201 with the assertion. */
export async function issueAssertion(
  api: ApiClient,
  id: string,
  input: { recipientName: string; evidence?: string },
): Promise<{ assertionId: string; position: string | undefined }> {
  const doc = await api.call(endpoints.issueAssertion, {
    params: { id },
    schema: WriteAnswerSchema,
    body: { data: { type: 'open-badge-assertions', attributes: input } },
  });
  return { assertionId: doc.data.id, position: doc.meta?.position };
}

const Ref = z.object({ type: z.string(), id: z.string() });
const BadgeDocumentSchema = z.object({
  data: z.object({
    type: z.literal('open-badges'),
    id: z.string(),
    attributes: z.object({
      title: z.string(),
      description: z.string().nullable().optional().default(''),
      version: z.string().nullable().optional().default(null),
      validityDuration: z.number().nullable().optional().default(null),
      publishedAt: when,
      modules: z.array(z.object({ position: z.number(), title: z.string() }).passthrough()).default([]),
    }),
    relationships: z
      .object({ image: z.object({ data: Ref.nullable() }).optional() })
      .passthrough()
      .optional(),
  }),
  included: z.array(z.object({ type: z.string(), id: z.string(), attributes: z.unknown() })).optional(),
});

export interface BadgeView {
  id: string;
  title: string;
  description: string;
  version: string | null;
  validityDuration: number | null;
  modules: Array<{ position: number; title: string }>;
  image: FileView | null;
}

/** GET /open-badges/{id} with its image (the API shows a badge once it is published). */
export async function readBadge(api: ApiClient, id: string, signal?: AbortSignal): Promise<BadgeView> {
  const doc = await api.call(recordEndpoints('open-badges').find, {
    params: { id },
    schema: BadgeDocumentSchema,
    query: { include: 'image' },
    ...signalOf(signal),
  });
  const a = doc.data.attributes;
  const ref = doc.data.relationships?.image?.data;
  const record = ref ? doc.included?.find((r) => r.type === ref.type && r.id === ref.id) : undefined;
  const image = record ? fileView(record.id, record.attributes) : null;
  return {
    id: doc.data.id,
    title: a.title,
    description: a.description ?? '',
    version: a.version,
    validityDuration: a.validityDuration,
    modules: [...a.modules]
      .sort((x, y) => x.position - y.position)
      .map((m) => ({ position: m.position, title: m.title })),
    image: image?.src ? image : null,
  };
}

const IssuerDocumentSchema = z.object({
  data: z.object({
    type: z.literal('organizations'),
    id: z.string(),
    attributes: z.object({ name: z.string() }),
  }),
});

/** GET /organizations/{id or slug}: the issuer's id (the session names it by id) and name. */
export async function readIssuer(api: ApiClient, idOrSlug: string, signal?: AbortSignal) {
  const doc = await api.call(recordEndpoints('organizations').find, {
    params: { id: idOrSlug },
    schema: IssuerDocumentSchema,
    ...signalOf(signal),
  });
  return { id: doc.data.id, name: doc.data.attributes.name };
}
