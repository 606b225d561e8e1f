import { describe, expect, it } from 'vitest';
import { reportResource } from '@platform/contracts/content/report';
import { ConflictError, ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import type { ViewerFacts } from '@platform/contracts/resources/access';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import {
  reportDecider,
  reportedRecordOf,
  type ReportCommand,
  type ReportStreamEvent,
} from './report-resolution.ts';

const MEMBER = '11111111-1111-4111-8111-111111111111';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const REPORT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const COMMENT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const NOW = new Date('2026-11-27T08:00:00.000Z');

const member: ViewerFacts = { userId: MEMBER, roles: [], accessWeight: 300, isAdmin: false };
const admin: ViewerFacts = { userId: ADMIN, roles: ['admin'], accessWeight: 0, isAdmin: true };

const actor = (userId: string) => ({ userId, actingAsOrganizationId: null, impersonatorId: null });

const created: ReportStreamEvent = {
  type: reportResource.events.created,
  data: {
    id: REPORT,
    attributes: { reason: 'spam', details: null, url: null },
    relationships: { reportable: { type: 'comments', id: COMMENT } },
  },
  metadata: { actor: actor(MEMBER) },
} as ReportStreamEvent;
const deleted: ReportStreamEvent = { type: reportResource.events.deleted, data: { id: REPORT } };
const resolved = (resolution: 'dismissed' | 'removed', note: string | null = null): ReportStreamEvent => ({
  type: 'ReportResolved',
  data: { reportId: REPORT, resolution, note, resolvedAt: NOW.toISOString(), by: ADMIN },
});

const resolve = (
  resolution: 'dismissed' | 'removed',
  viewer: ViewerFacts = admin,
  note: string | null = null,
): ReportCommand => ({
  type: 'ResolveReport',
  data: { reportId: REPORT, resolution, note, viewer },
  metadata: specMetadata({ now: NOW, actor: actor(viewer.userId!) }),
});

const spec = deciderSpec(reportDecider);

describe('a report resolved (on the report’s own stream)', () => {
  it('by a moderator: dismissed, with the note, the time and who', () => {
    spec
      .given([created])
      .when(resolve('dismissed', admin, 'Not spam: a link to a supplier'))
      .then([resolved('dismissed', 'Not spam: a link to a supplier')]);
  });

  it('removed: the resolution says so; the record’s removal follows on its own stream', () => {
    spec
      .given([created])
      .when(resolve('removed'))
      .then([resolved('removed')]);
  });

  it('a member who is no moderator: 403, nothing appended', () => {
    spec.given([created]).when(resolve('dismissed', member)).thenThrows(ForbiddenError);
  });

  it('twice: 409 conflict.report_resolved, whichever the second resolution', () => {
    spec
      .given([created, resolved('dismissed')])
      .when(resolve('removed'))
      .thenThrows(ConflictError, { code: 'conflict.report_resolved' });
  });

  it('a report that does not exist, or was deleted: 404', () => {
    spec.given([]).when(resolve('dismissed')).thenThrows(NotFoundError);
    spec.given([created, deleted]).when(resolve('dismissed')).thenThrows(NotFoundError);
  });

  it('folds the reported record and the resolution', () => {
    const { state } = spec.given([created, resolved('removed')]);
    expect(state.resolution).toBe('removed');
    expect(reportedRecordOf(state)).toEqual({ type: 'comments', id: COMMENT });
    expect(reportedRecordOf(spec.given([]).state)).toBeNull();
  });
});
