import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { DomainError, ValidationError } from '@platform/contracts/errors';
import { tooLarge, UPLOAD_CHUNK } from '@platform/infra/files/intake';
import { BlobTooLargeError, type BlobStore, type StagedBlob } from '@platform/infra/files/storage';

export interface UploadedPart {
  /** the form field it came in (`file`, `files[]`) */
  field: string;
  /** the name the client gave it: data only, never part of a path */
  name: string;
  staged: StagedBlob;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  files: UploadedPart[];
  /** discards every staged file (a refused upload keeps nothing) */
  discard(): Promise<void>;
}

export interface MultipartOptions {
  store: BlobStore;
  /** the form fields that may carry files */
  fileFields: readonly string[];
  maxFiles: number;
  /** the byte limit of the next file, given the fields that came before it */
  maxBytes(fields: Record<string, string>): number;
}

const unreadable = (detail: string) =>
  new DomainError('validation.malformed_json', detail, [
    { code: 'validation.malformed_json', detail, pointer: '/' },
  ]);

/** What is still read of a refused upload so that its client gets the answer; past it, the connection is closed. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Reads and drops the rest of a refused body (the client reads the answer once it is done sending), within bounds. */
function drainOrClose(req: Request): void {
  if (req.complete) return;
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/**
 * Reads a multipart/form-data body as it arrives (@fastify/busboy, 64 KB chunks: its boundary search runs at about
 * twice busboy's speed, measured on 100 MB bodies): each file is streamed into the blob store's
 * staging area, never held whole in memory, and refused past its limit while it streams (413). A body that is not
 * multipart is a 415, a malformed one or one cut off a 400, an unexpected file field a 422 on its name; whatever
 * fails, every file staged so far is discarded.
 */
export async function readMultipart(req: Request, options: MultipartOptions): Promise<MultipartUpload> {
  if (!req.is('multipart/form-data'))
    throw new DomainError('validation.unsupported_media_type', 'Send the file as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: UploadedPart[] = [];
  const discard = async () => {
    await Promise.all(files.map((f) => f.staged.discard()));
  };
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: req.headers as BusboyHeaders,
      fileHwm: UPLOAD_CHUNK,
      defCharset: 'utf8',
      limits: { fields: 50, fieldSize: 10_000, fieldNameSize: 100, files: options.maxFiles, parts: 100 },
    });
  } catch (error) {
    throw unreadable(`The multipart body cannot be read: ${(error as Error).message}`);
  }

  const done = new Promise<void>((resolve, reject) => {
    let failed: unknown = null;
    let pending = Promise.resolve();
    /** the file parts not read to their end yet */
    const open = new Set<Readable>();
    const fail = (error: unknown) => {
      if (failed) return;
      failed = error;
      req.unpipe(parser);
      parser.destroy();
      // the file being staged ends in an error, so its staging file goes (the parser leaves its parts as they are)
      for (const stream of open) stream.destroy(new Error('the upload was refused or cut off'));
      drainOrClose(req);
      reject(error);
    };
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(ValidationError.at(`/${name}`, `${name} is too long`));
      else fields[name] = value;
    });
    parser.on('file', (field, stream, filename) => {
      // a part cut off errors its stream; whoever reads it hears it, a part nobody reads must not throw
      stream.on('error', () => undefined);
      open.add(stream);
      stream.once('close', () => open.delete(stream));
      stream.once('end', () => open.delete(stream));
      if (!options.fileFields.includes(field)) {
        stream.resume();
        fail(
          ValidationError.at(
            `/${field}`,
            `Unexpected file field ${field}: send ${options.fileFields.join(' or ')}`,
          ),
        );
        return;
      }
      const limit = options.maxBytes({ ...fields });
      // staged one after the other, as the parts arrive
      pending = pending.then(async () => {
        if (failed) {
          stream.resume();
          return;
        }
        try {
          const staged = await options.store.stage(stream, { maxBytes: limit });
          if (failed) await staged.discard();
          else files.push({ field, name: filename ?? '', staged });
        } catch (error) {
          stream.resume();
          fail(error instanceof BlobTooLargeError ? tooLarge(error.limit, `/${field}`) : error);
        }
      });
    });
    parser.on('filesLimit', () =>
      fail(ValidationError.at(`/${options.fileFields[0]}`, `Send at most ${options.maxFiles} file(s)`)),
    );
    parser.on('partsLimit', () => fail(unreadable('The multipart body has too many parts')));
    parser.on('fieldsLimit', () => fail(unreadable('The multipart body has too many fields')));
    parser.on('error', (error: Error) =>
      fail(unreadable(`The multipart body cannot be read: ${error.message}`)),
    );
    parser.on('finish', () => {
      void pending.then(() => (failed ? undefined : resolve()));
    });
    // a client that goes away half-way: its file stream ends in an error, so nothing of it is kept
    req.on('aborted', () => fail(unreadable('The upload was cut off')));
    req.on('error', (error) => fail(unreadable(`The upload was cut off: ${error.message}`)));
    req.on('close', () => {
      if (!req.complete) {
        parser.destroy(new Error('the upload was cut off'));
        fail(unreadable('The upload was cut off'));
      }
    });
    req.pipe(parser);
  });
  try {
    await done;
  } catch (error) {
    // let the file being staged (if any) settle before its siblings are discarded
    await discard();
    throw error;
  }
  return { fields, files, discard };
}
