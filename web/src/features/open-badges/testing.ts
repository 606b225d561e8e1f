import type { SessionActionName, SessionStatus } from './sessions-api.ts';

/** Fixtures of the training session's tests, shaped like the API's documents (the shared plan of issue 20). */

export const SESSION_ID = 'b5000000-0000-4000-8000-000000000001';
export const OTHER_SESSION_ID = 'b5000000-0000-4000-8000-000000000002';
export const BADGE_ID = 'b0000000-0000-4000-8000-000000000001';
export const ISSUER_ID = '0a000000-0000-4000-8000-000000000001';
export const ISSUER_SLUG = 'assistive-lab';
export const MEMBER_ID = 'a0000000-0000-4000-8000-00000000000a';
export const ASSERTION_ID = 'a5000000-0000-4000-8000-000000000001';
export const IMAGE_ID = 'f0000000-0000-4000-8000-0000000000b1';
const AT = '2026-03-02T09:30:00.000Z';
const LATER = '2026-03-02T10:00:00.000Z';

export const MODULE_TITLES = ['Seating basics', 'Pressure care', 'Final check'];

/**
 * A session document at a point of its life: `status`, and for a running one how many modules are finished
 * (`finished`) and whether the next one is started (`started`). `allowed` replaces the member's default actions.
 */
export function sessionResource(
  status: SessionStatus,
  options: {
    id?: string;
    finished?: number;
    started?: boolean;
    allowed?: SessionActionName[];
    refusedReason?: string;
    memberName?: string;
  } = {},
) {
  const finished =
    status === 'finished' || status === 'awarded' ? MODULE_TITLES.length : (options.finished ?? 0);
  const running = status === 'in_progress';
  const started = running && (options.started ?? false);
  const modules = MODULE_TITLES.map((title, i) => {
    const position = i + 1;
    const done = position <= finished;
    const current = running && position === finished + 1;
    return {
      position,
      title,
      content: `Content of ${title}.`,
      startedAt: done || (current && started) ? AT : null,
      finishedAt: done ? LATER : null,
    };
  });
  const currentPosition =
    status === 'accepted' ? 1 : running && finished < MODULE_TITLES.length ? finished + 1 : null;
  const allowed: SessionActionName[] =
    options.allowed ??
    (status === 'accepted' || (running && !started)
      ? ['start-module']
      : running && started
        ? ['finish-module']
        : []);
  return {
    type: 'open-badge-training-sessions',
    id: options.id ?? SESSION_ID,
    attributes: {
      status,
      badgeId: BADGE_ID,
      badgeTitle: 'Wheelchair seating',
      issuerId: ISSUER_ID,
      issuerName: 'Assistive Lab',
      userId: MEMBER_ID,
      memberName: options.memberName ?? 'Marc Member',
      requestedAt: '2026-03-01T08:00:00.000Z',
      acceptedAt: status === 'requested' || status === 'refused' ? null : AT,
      refusedAt: status === 'refused' ? AT : null,
      refusedReason: status === 'refused' ? (options.refusedReason ?? 'The group is full') : null,
      startedAt: finished > 0 || started ? AT : null,
      finishedAt: status === 'finished' || status === 'awarded' ? LATER : null,
      durationSeconds: status === 'finished' || status === 'awarded' ? 5400 : null,
      modules,
      assertionId: status === 'awarded' ? ASSERTION_ID : null,
      allowedActions: allowed,
      currentPosition,
    },
  };
}

export const sessionDocument = (...args: Parameters<typeof sessionResource>) => ({
  data: sessionResource(...args),
});

/** A write's answer: the record and the position its reads wait for. */
export const written = (type: string, id: string, position: string) => ({
  data: { type, id },
  meta: { position },
});

export const badgeDocument = () => ({
  data: {
    type: 'open-badges',
    id: BADGE_ID,
    attributes: {
      title: 'Wheelchair seating',
      description: 'Fit a seating system.\n\nCheck the pressure points.',
      version: '1',
      validityDuration: 365,
      publishedAt: '2026-01-01T00:00:00.000Z',
      modules: MODULE_TITLES.map((title, i) => ({
        id: `m${i}`,
        position: i + 1,
        title,
        content: '',
      })),
    },
    relationships: { image: { data: { type: 'files', id: IMAGE_ID } } },
  },
  included: [
    {
      type: 'files',
      id: IMAGE_ID,
      attributes: {
        name: 'seating.png',
        description: 'A seated figure',
        previewUrl: '/files/seating-preview.png',
        preview: { width: 240, height: 240 },
      },
    },
  ],
});

export const issuerDocument = () => ({
  data: { type: 'organizations', id: ISSUER_ID, attributes: { name: 'Assistive Lab', slug: ISSUER_SLUG } },
});
