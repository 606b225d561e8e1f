import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { z } from 'zod/v4';
import { DomainError, NotFoundError, ValidationError, type ErrorIssue } from '@platform/contracts/errors';
import { ADMIN_FILE_MANAGERS } from '@platform/contracts/files/admin-file';
import { FILE_UPLOADERS, fileResource } from '@platform/contracts/files/file';
import { streamLimit, uploaderLimits } from '@platform/contracts/files/media';
import { securedFileResource } from '@platform/contracts/files/secured-file';
import { slugify } from '@platform/contracts/organizations/events';
import { allows } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { type MediaFamily } from '@platform/contracts/resources/files';
import { recordFacts } from '@platform/contracts/resources/state';
import type { EndpointBody } from '@platform/contracts/endpoints';
import { fileEndpoints, MediaFamiliesFieldSchema } from '@platform/contracts/files/endpoints';
import { TUS_PATH } from '@platform/contracts/files/paths';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { loadState } from '@platform/infra/event-store';
import { inspectUpload, type FileLimits, type InspectedFile } from '@platform/infra/files/intake';
import type { BlobStore, StagedBlob } from '@platform/infra/files/storage';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import type { CommandModule, CommandModuleDeps } from '../app.ts';
import type { CommandResult } from '../handler.ts';
import { resourceDecider, type ResourceCommand } from '../resources/decide.ts';
import { allowsOnRecord, type JoinTableMembership } from '../resources/routes.ts';
import { readMultipart, type MultipartUpload } from './multipart.ts';
import { tusRoutes, type TusStorage } from './tus.ts';

/** What the upload routes are given: the blob store and the configured maximum sizes. */
export interface FileServices {
  store: BlobStore;
  limits: FileLimits;
  /** where resumable (tus) uploads gather until complete; without it, they are not offered */
  tus?: TusStorage;
  /**
   * the origins the platform's pages are served from besides the request's own (PUBLIC_URL's): a resumable upload
   * sent from any other origin is refused
   */
  origins?: readonly string[];
}

const SECURED_FILES_AT_ONCE = 20;

/**
 * The attributes an upload writes, every one checked and nothing else: built once (a zod schema compiles its checks
 * on its first parse; one made per upload cost about 0.4 ms of each)
 */
const fileAttributes = fileResource.attributes.strict();
const securedFileAttributes = securedFileResource.attributes.strict();

function fieldIssues(error: z.ZodError): ValidationError {
  return new ValidationError(
    error.issues.map((i) => ({
      code: 'validation.invalid' as const,
      detail: `${i.path.join('.')}: ${i.message}`,
      pointer: `/${i.path.join('/')}`,
    })),
  );
}

/** A file's name from the name a member gave it, kept as text (never a path): at most 255 characters. */
const cleanName = (given: string, extension: string) => {
  const name = given
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return name || `file.${extension}`;
};

/** A slug unique by construction: the name's, and 48 bits of the file's random id. */
const fileSlug = (name: string, id: string) => {
  const base =
    slugify(name.replace(/\.[A-Za-z0-9]{1,10}$/, ''))
      .slice(0, 60)
      .replace(/-+$/, '') || 'file';
  return `${base}-${id.replaceAll('-', '').slice(0, 12)}`;
};

/** The answer to an upload: the record's document (its urls and measurements) and where its event stands. */
export function sendUploaded(res: Response, status: 200 | 201, result: CommandResult, data: unknown): void {
  const position = result.position.toString();
  const version = result.nextExpectedVersion.toString();
  res
    .status(status)
    .setHeader('X-Event-Position', position)
    .setHeader('ETag', `"${version}"`)
    .type(JSON_API_MEDIA_TYPE)
    .send(JSON.stringify({ data, meta: { position, version } }));
}

/** A record's document as its upload decided it (derived values included), before the projection holds it. */
function documentOf(definition: ResourceDefinition, id: string, attributes: Record<string, unknown>) {
  const derived = Object.fromEntries(
    Object.entries(definition.derived).map(([name, derive]) => [name, derive(attributes, id)]),
  );
  return { type: definition.type, id, attributes: { ...attributes, ...derived } };
}

/** The content's facts an upload records (and a replacement changes). */
const contentAttributes = (inspected: InspectedFile) => ({
  mimeType: inspected.mimeType,
  extension: inspected.extension,
  family: inspected.family,
  hash: inspected.staged.hash,
  size: inspected.staged.size,
  isUploaded: true,
  metadata: inspected.metadata,
});

/**
 * Stores the inspected blobs under their hashes, the file and its preview together (their flushes share a wait for
 * the disk): before any event names them, so no event names a missing blob.
 */
async function commitBlobs(inspected: InspectedFile): Promise<void> {
  await Promise.all([inspected.preview?.staged.commit(), inspected.staged.commit()]);
}

async function discardInspected(inspected: InspectedFile | null): Promise<void> {
  await inspected?.preview?.staged.discard();
  await inspected?.staged.discard();
}

/**
 * The upload routes (ADR 0027), on the command side since an upload is a command: the record's event is appended
 * through the handler like any other.
 *
 * - POST /services/files (multipart: `file`, and optionally `name`, `description`, `isPublic`, `family` — the
 *   families the field accepts, comma-separated — and `id` to replace the content of an existing file): 201 with the
 *   file's document (200 for a replacement).
 * - POST /services/secured-files (multipart: `files[]`, `model[type]`, `model[id]`; seed 000 §7): 201 with the list
 *   of secured files made, attached to a record the uploader may update.
 * - DELETE /services/secured-files/{id}: deleted by its uploader, by those who may update its record, by
 *   administrators.
 */
export function fileUploadRoutes(
  catalogue: readonly ResourceDefinition[],
  options: { files: FileServices; joinTables: Readonly<Record<string, JoinTableMembership>> },
): CommandModule {
  const { store, limits } = options.files;
  const attachable = new Map(catalogue.filter((d) => d.traits.attachable).map((d) => [d.type, d]));
  const module: CommandModule = (deps: CommandModuleDeps) => {
    const router = express.Router();
    const ruleDeps = { eventStore: deps.eventStore, joinTables: options.joinTables };

    /** a member's limit for one file: an image's when the field takes images only; an admin file manager's own */
    // the same decisions as the browser's checks before it sends (contracts/src/files/media.ts)
    const mine = (res: Response) => uploaderLimits(limits, allows(ADMIN_FILE_MANAGERS, viewerOf(res)));
    const limitFor = (res: Response, accepted: readonly MediaFamily[] | null) =>
      streamLimit(mine(res), accepted);
    const imageLimit = (res: Response) => mine(res).image;
    const acceptedOf = (fields: Record<string, string>) => {
      const parsed = MediaFamiliesFieldSchema.safeParse(fields.family);
      return parsed.success ? parsed.data : null;
    };

    /**
     * Makes the file record of a staged upload (a multipart part or a completed tus upload): its type from its
     * content, checked against the families asked for; the blobs committed; `FileCreated` (or `FileUpdated` when
     * `fields.id` names a file to replace) appended through the handler. Discards what was staged when refused.
     */
    const recordFile = async (
      req: Request,
      res: Response,
      part: { staged: StagedBlob; name: string },
      fields: EndpointBody<typeof fileEndpoints.upload>,
      id: string = fields.id ?? randomUUID(),
    ): Promise<{ status: 200 | 201; result: CommandResult; data: unknown }> => {
      const request = deps.commandRequest(req, res);
      let inspected: InspectedFile | null = null;
      try {
        const viewer = viewerOf(res);
        const decider = resourceDecider(fileResource, id);
        const current = fields.id
          ? (await loadState(deps.eventStore, fileResource.streamId(id), decider)).state
          : null;
        if (current && current.status !== 'active') throw new NotFoundError(`file ${id} not found`);
        if (current && !allows(fileResource.access.update, viewer, recordFacts(fileResource, current)))
          throw new DomainError('auth.forbidden', `file ${id}: replacing its content is not allowed`);
        // a replacement stays of its family: the records that use the file expect it
        const accepted = current ? [current.attributes.family as MediaFamily] : (fields.family ?? undefined);
        inspected = await inspectUpload(
          store,
          { staged: part.staged, name: part.name },
          { pointer: '/file', imageLimit: imageLimit(res), ...(accepted ? { families: accepted } : {}) },
        );
        const content = {
          ...contentAttributes(inspected),
          preview: inspected.preview
            ? {
                hash: inspected.preview.staged.hash,
                width: inspected.preview.width,
                height: inspected.preview.height,
                mimeType: inspected.preview.mimeType,
                extension: inspected.preview.extension,
              }
            : null,
        };
        const given = {
          ...(fields.name !== undefined ? { name: fields.name } : {}),
          ...(fields.description !== undefined ? { description: fields.description || null } : {}),
          ...(fields.isPublic !== undefined ? { isPublic: fields.isPublic === 'true' } : {}),
        };
        const originalName = cleanName(part.name, inspected.extension);
        const command: ResourceCommand = current
          ? {
              type: 'UpdateResource',
              data: { id, attributes: { ...content, originalName, ...given }, relationships: {} },
              metadata: request.metadata,
            }
          : {
              type: 'CreateResource',
              data: {
                id,
                attributes: fileAttributes.parse({
                  name: originalName,
                  slug: fileSlug(fields.name ?? originalName, id),
                  originalName,
                  ...content,
                  ...given,
                }) as Record<string, unknown>,
                // a file belongs to the organization its uploader acts as (the organization's members edit it)
                relationships: viewer.actingAsOrganizationId
                  ? { organization: viewer.actingAsOrganizationId }
                  : {},
              },
              metadata: request.metadata,
            };
        await commitBlobs(inspected);
        const result = await deps.handle({
          streamId: fileResource.streamId(id),
          decider,
          command,
          // a new file's id was drawn here (or its stream just read and found empty): nothing to read before
          ...(current ? {} : { freshStream: true }),
          ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
        });
        const after = current
          ? { ...current.attributes, ...command.data.attributes }
          : command.data.attributes;
        return { status: current ? 200 : 201, result, data: documentOf(fileResource, id, after) };
      } catch (error) {
        await discardInspected(inspected);
        await part.staged.discard();
        throw error;
      }
    };

    mountEndpoint(router, fileEndpoints.upload, async (req, res) => {
      requireAllowed(res, FILE_UPLOADERS, 'file: upload');
      const upload: MultipartUpload = await readMultipart(req, {
        store,
        fileFields: ['file'],
        maxFiles: 1,
        maxBytes: (fields) => limitFor(res, acceptedOf(fields)),
      });
      try {
        const parsed = fileEndpoints.upload.body.safeParse(upload.fields);
        if (!parsed.success) throw fieldIssues(parsed.error);
        const part = upload.files[0];
        if (!part)
          throw ValidationError.at('/file', 'Send the file in the form field "file"', 'validation.required');
        const { status, result, data } = await recordFile(req, res, part, parsed.data);
        sendUploaded(res, status, result, data);
      } catch (error) {
        await upload.discard();
        throw error;
      }
    });

    if (options.files.tus)
      router.use(
        TUS_PATH,
        tusRoutes({
          storage: options.files.tus,
          store,
          origins: options.files.origins ?? [],
          maxBytes: (res, metadata) => limitFor(res, acceptedOf(metadata)),
          async complete(req, res, upload) {
            const parsed = fileEndpoints.upload.body.safeParse({ ...upload.fields, id: undefined });
            if (!parsed.success) throw fieldIssues(parsed.error);
            const { result, data } = await recordFile(req, res, upload, parsed.data, upload.id);
            return { result, data };
          },
        }),
      );

    mountEndpoint(router, fileEndpoints.uploadSecured, async (req, res) => {
      requireAllowed(res, FILE_UPLOADERS, 'secured-file: upload');
      const request = deps.commandRequest(req, res);
      const upload = await readMultipart(req, {
        store,
        fileFields: ['files[]', 'files'],
        maxFiles: SECURED_FILES_AT_ONCE,
        maxBytes: () => limitFor(res, null),
      });
      const inspected: InspectedFile[] = [];
      try {
        const viewer = viewerOf(res);
        const modelType = upload.fields['model[type]'];
        const modelId = upload.fields['model[id]'];
        const issues: ErrorIssue[] = [];
        if (!modelType)
          issues.push({
            code: 'validation.required',
            detail: 'model[type] is required',
            pointer: '/model/type',
          });
        else if (!attachable.has(modelType))
          issues.push({
            code: 'validation.invalid',
            detail: `Secured files are attached to ${[...attachable.keys()].join(', ') || 'no type'}, not ${modelType}`,
            pointer: '/model/type',
          });
        if (!modelId)
          issues.push({ code: 'validation.required', detail: 'model[id] is required', pointer: '/model/id' });
        if (!upload.files.length)
          issues.push({
            code: 'validation.required',
            detail: 'Send the files in files[]',
            pointer: '/files',
          });
        if (issues.length) throw new ValidationError(issues);
        const model = attachable.get(modelType!)!;
        const state = model.idSchema.safeParse(modelId).success
          ? (await loadState(deps.eventStore, model.streamId(modelId!), resourceDecider(model, modelId!)))
              .state
          : ({ status: 'none' } as const);
        if (state.status !== 'active') throw new NotFoundError(`${model.singular} ${modelId} not found`);
        if (!(await allowsOnRecord(model, 'update', viewer, state, ruleDeps)))
          throw new DomainError(
            'auth.forbidden',
            `${model.singular} ${modelId}: attaching files is not allowed`,
          );
        for (const [index, part] of upload.files.entries())
          inspected.push(
            await inspectUpload(
              store,
              { staged: part.staged, name: part.name },
              { pointer: `/files/${index}`, imageLimit: imageLimit(res) },
            ),
          );
        // a secured file is served as it came: no preview variant is kept; the files' blobs are stored together
        // (their flushes share a wait for the disk), before any event names them
        await Promise.all(inspected.map((file) => file.preview?.staged.discard()));
        await Promise.all(inspected.map((file) => file.staged.commit()));
        const made: unknown[] = [];
        let last: CommandResult | null = null;
        for (const [index, file] of inspected.entries()) {
          const id = randomUUID();
          const { isUploaded: _uploaded, metadata: _metadata, ...content } = contentAttributes(file);
          const attributes = securedFileAttributes.parse({
            name: cleanName(upload.files[index]!.name, file.extension),
            ...content,
          }) as Record<string, unknown>;
          last = await deps.handle({
            streamId: securedFileResource.streamId(id),
            decider: resourceDecider(securedFileResource, id),
            command: {
              type: 'CreateResource',
              data: { id, attributes, relationships: { model: { type: model.type, id: modelId! } } },
              metadata: request.metadata,
            },
          });
          made.push({
            ...documentOf(securedFileResource, id, attributes),
            relationships: { model: { data: { type: model.type, id: modelId } } },
          });
        }
        sendUploaded(res, 201, last!, made);
      } catch (error) {
        for (const file of inspected) await discardInspected(file);
        await upload.discard();
        throw error;
      }
    });

    mountEndpoint(router, fileEndpoints.deleteSecured, async (req, res, { params }) => {
      requireAllowed(res, FILE_UPLOADERS, 'secured-file: delete');
      const request = deps.commandRequest(req, res);
      const id = params.id;
      const notFound = new NotFoundError(`secured-file ${id} not found`);
      if (!securedFileResource.idSchema.safeParse(id).success) throw notFound;
      const decider = resourceDecider(securedFileResource, id);
      const { state } = await loadState(deps.eventStore, securedFileResource.streamId(id), decider);
      if (state.status !== 'active') throw notFound;
      const viewer = viewerOf(res);
      const ref = state.relationships.model as { type: string; id: string } | null;
      const model = ref ? catalogue.find((d) => d.type === ref.type) : undefined;
      const mayUpdateModel =
        model && ref
          ? await allowsOnRecord(
              model,
              'update',
              viewer,
              (await loadState(deps.eventStore, model.streamId(ref.id), resourceDecider(model, ref.id)))
                .state,
              ruleDeps,
            )
          : false;
      // a secured file the viewer may not touch is not named: as missing
      if (!viewer.isAdmin && state.createdBy !== viewer.userId && !mayUpdateModel) throw notFound;
      const result = await deps.handle({
        streamId: securedFileResource.streamId(id),
        decider,
        command: { type: 'DeleteResource', data: { id }, metadata: request.metadata },
        ...(request.expectedVersion !== undefined ? { expectedVersion: request.expectedVersion } : {}),
      });
      sendUploaded(res, 200, result, { type: securedFileResource.type, id });
    });
    return router;
  };
  module.readsOwnBody = true;
  return module;
}
