import type { Logger } from 'pino';
import type { TusStorage } from '@platform/command-api/files/tus';
import type { EventStore } from '@platform/infra/event-store';
import type { BlobStore } from '@platform/infra/files/storage';
import { BLOB_SWEEP_GRACE_MS, sweepBlobs } from '@platform/infra/files/sweep';

export interface FilesMaintenanceRun {
  /** the blobs removed: named by no record, stored before the grace period */
  blobsRemoved: string[];
  /** unfinished resumable uploads removed once expired */
  uploadsExpired: number;
}

export interface FilesMaintenance {
  /** one pass: the sweep of unnamed blobs, then the expired resumable uploads */
  run(): Promise<FilesMaintenanceRun>;
  /** a pass every `everyMs` (the first one after `everyMs`), until stop; one pass at a time */
  start(everyMs: number): void;
  stop(): Promise<void>;
}

/**
 * The files' housekeeping (ADR 0027), run by the platform on a timer and by `npm run files:sweep`: blobs no record
 * names any more (an upload refused after its blob was stored, a file deleted, a content replaced) are removed once
 * older than the grace period, and unfinished tus uploads older than their expiry (24 hours) are removed with their
 * parts. Never a blob a record names, nor one stored within the grace period.
 */
export function filesMaintenance(options: {
  eventStore: EventStore;
  store: BlobStore;
  /** where resumable uploads gather; without it, there are none to expire */
  tus?: TusStorage;
  clock: () => Date;
  logger: Logger;
  graceMs?: number;
}): FilesMaintenance {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  const run = async (): Promise<FilesMaintenanceRun> => {
    const swept = await sweepBlobs({
      eventStore: options.eventStore,
      store: options.store,
      now: options.clock(),
      graceMs: options.graceMs ?? BLOB_SWEEP_GRACE_MS,
    });
    const uploadsExpired = options.tus ? await options.tus.expire(options.clock()) : 0;
    if (swept.removed.length || uploadsExpired)
      options.logger.info(
        { blobsRemoved: swept.removed.length, blobsSeen: swept.seen, uploadsExpired },
        'files: unnamed blobs and expired uploads removed',
      );
    return { blobsRemoved: swept.removed, uploadsExpired };
  };

  return {
    run,
    start(everyMs) {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = run()
          .catch((error: unknown) => options.logger.error({ err: error }, 'files: maintenance failed'))
          .finally(() => {
            running = null;
          });
      }, everyMs);
      // the housekeeping never keeps the process alive on its own
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
