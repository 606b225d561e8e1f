import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT_VERSION, BackupFormatError, headerLine, parseHeader, parseLine } from './format.ts';

const header = {
  migration: '0008_event_store_optimistic_append.js',
  createdAt: '2025-03-01T10:00:00.000Z',
  events: 3,
  rows: { auth_password_resets: 0, dev_mailbox: 2 },
};

describe('the backup header', () => {
  it('reads back what headerLine wrote', () => {
    expect(parseHeader(headerLine(header))).toEqual({
      format: 'platform-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      ...header,
    });
    expect(parseHeader(headerLine({ ...header, migration: null })).migration).toBeNull();
  });

  it('refuses another format version, naming both', () => {
    const newer = JSON.stringify({
      ...JSON.parse(headerLine(header)),
      formatVersion: BACKUP_FORMAT_VERSION + 1,
    });
    expect(() => parseHeader(newer)).toThrow(BackupFormatError);
    expect(() => parseHeader(newer)).toThrow(
      `format version ${BACKUP_FORMAT_VERSION + 1}; this version of the platform restores format version ${BACKUP_FORMAT_VERSION} only`,
    );
  });

  it('refuses an empty file, a file that is not JSON and JSON that is not a backup', () => {
    expect(() => parseHeader(undefined)).toThrow('The backup file is empty.');
    expect(() => parseHeader('')).toThrow('The backup file is empty.');
    expect(() => parseHeader('PGDMP\u0001')).toThrow('its first line is not JSON');
    expect(() => parseHeader('{"events":3}')).toThrow('its first line is not a backup header');
    expect(() => parseHeader('[1,2]')).toThrow('its first line is not a backup header');
  });

  it('refuses a damaged header', () => {
    const damaged = (patch: Record<string, unknown>) =>
      JSON.stringify({ ...JSON.parse(headerLine(header)), ...patch });
    for (const patch of [
      { events: -1 },
      { events: '3' },
      { events: 1.5 },
      { createdAt: 'yesterday' },
      { migration: 8 },
      { rows: { dev_mailbox: 'two' } },
      { rows: null },
    ])
      expect(() => parseHeader(damaged(patch)), JSON.stringify(patch)).toThrow(
        'The backup header is damaged',
      );
  });
});

describe('the lines after the header', () => {
  it('tells events, rows and the end apart', () => {
    const event = { p: '1', s: 'page-1', v: '0', c: 'page', id: 'x', t: 'T', sv: 1, at: 'a', d: {}, m: {} };
    expect(parseLine(JSON.stringify({ event }), 2)).toEqual({ event });
    expect(parseLine('{"table":"dev_mailbox","row":{"id":1}}', 3)).toEqual({
      table: 'dev_mailbox',
      row: { id: 1 },
    });
    expect(parseLine('{"end":{"events":1,"rows":{}}}', 4)).toEqual({ end: { events: 1, rows: {} } });
  });

  it('names the line it cannot read', () => {
    expect(() => parseLine('{"event":', 7)).toThrow('Line 7 of the backup is not JSON.');
    expect(() => parseLine('{"event":{"p":1}}', 8)).toThrow('Line 8 of the backup is neither');
    expect(() => parseLine('{"end":{"events":-1,"rows":{}}}', 9)).toThrow('Line 9');
  });
});
