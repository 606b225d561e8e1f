// The backup file (docs/adr/0026-backup-and-restore.md): gzip-compressed NDJSON, one JSON value per line.
//   line 1        the header: format, format version, the last migration applied, counts, when it was taken
//   event lines   {"event": {...}} in `$all` order
//   row lines     {"table": "<kept table>", "row": {...}}, table after table
//   last line     {"end": {"events": n, "rows": {...}}}: a file cut short has no end line and is refused

export const BACKUP_FORMAT = 'platform-backup';
/** Raise it when a line's shape changes; a restore refuses a file of another version. */
export const BACKUP_FORMAT_VERSION = 1;

/**
 * The tables kept beside the event log: what the platform cannot rebuild from events and would miss. Read models
 * are rebuilt by replay; sessions and sign-in counters are left out on purpose (ADR 0026). `sequence` names the
 * serial column whose sequence a restore moves past the rows it inserted.
 */
export const KEPT_TABLES = [
  { name: 'auth_password_resets', orderBy: 'token_hash', sequence: null },
  { name: 'dev_mailbox', orderBy: 'id', sequence: 'id' },
  // the Open Badges 3.0 signing key when none is configured (ADR 0030): a new one would orphan the status lists
  { name: 'open_badges_signing_key', orderBy: 'id', sequence: null },
] as const satisfies readonly { name: string; orderBy: string; sequence: string | null }[];

export type KeptTable = (typeof KEPT_TABLES)[number]['name'];

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** the last migration applied to the database the backup was taken from (infra/migrations) */
  migration: string | null;
  createdAt: string;
  events: number;
  rows: Record<string, number>;
}

/** An event as a line carries it: every column of es_events but the transaction id, which a restore assigns anew. */
export interface BackupEvent {
  /** global position */
  p: string;
  /** stream id, stream version, category */
  s: string;
  v: string;
  c: string;
  id: string;
  /** event type and its schema version */
  t: string;
  sv: number;
  /** recorded at, ISO 8601 in UTC to the microsecond */
  at: string;
  d: unknown;
  m: unknown;
}

export type BackupLine =
  | { event: BackupEvent }
  | { table: string; row: Record<string, unknown> }
  | { end: { events: number; rows: Record<string, number> } };

export class BackupFormatError extends Error {
  override readonly name = 'BackupFormatError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The first line of a backup, checked: another format, another format version or a damaged header is refused. */
export function parseHeader(line: string | undefined): BackupHeader {
  if (line === undefined || line.trim() === '') throw new BackupFormatError('The backup file is empty.');
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFormatError('This is not a platform backup: its first line is not JSON.');
  }
  if (!isRecord(value) || value.format !== BACKUP_FORMAT)
    throw new BackupFormatError('This is not a platform backup: its first line is not a backup header.');
  if (value.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupFormatError(
      `This backup is in format version ${String(value.formatVersion)}; this version of the platform restores ` +
        `format version ${BACKUP_FORMAT_VERSION} only.`,
    );
  const { migration, createdAt, events, rows } = value;
  if (
    !(migration === null || typeof migration === 'string') ||
    typeof createdAt !== 'string' ||
    Number.isNaN(Date.parse(createdAt)) ||
    !isCount(events) ||
    !isRecord(rows) ||
    !Object.values(rows).every(isCount)
  )
    throw new BackupFormatError('The backup header is damaged: a field is missing or of the wrong kind.');
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    migration,
    createdAt,
    events,
    rows: rows as Record<string, number>,
  };
}

/** One line after the header; `lineNumber` (from 1) names it in the error. */
export function parseLine(line: string, lineNumber: number): BackupLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new BackupFormatError(`Line ${lineNumber} of the backup is not JSON.`);
  }
  if (isRecord(value)) {
    const { event, table, row, end } = value;
    if (isRecord(event) && typeof event.p === 'string' && typeof event.s === 'string')
      return { event: event as unknown as BackupEvent };
    if (typeof table === 'string' && isRecord(row)) return { table, row };
    if (isRecord(end) && isCount(end.events) && isRecord(end.rows))
      return { end: { events: end.events, rows: end.rows as Record<string, number> } };
  }
  throw new BackupFormatError(`Line ${lineNumber} of the backup is neither an event, a row nor the end.`);
}

export function headerLine(header: Omit<BackupHeader, 'format' | 'formatVersion'>): string {
  return JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, ...header });
}
