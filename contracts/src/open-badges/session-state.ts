import type {
  OpenBadgeSessionActionName,
  OpenBadgeSessionEvent,
  OpenBadgeSessionModuleTimes,
  OpenBadgeSessionStatus,
} from './session.ts';

/** What a session's timestamps say of it (seed 001 §4), on the write side and on the read side alike. */
export interface OpenBadgeSessionTimes {
  acceptedAt: string | null;
  refusedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  assertionId: string | null;
}

/** requested, then accepted or refused, then in progress from the first module's start, finished, awarded. */
export function openBadgeSessionStatus(times: OpenBadgeSessionTimes): OpenBadgeSessionStatus {
  if (times.assertionId !== null) return 'awarded';
  if (times.finishedAt !== null) return 'finished';
  if (times.refusedAt !== null) return 'refused';
  if (times.startedAt !== null) return 'in_progress';
  if (times.acceptedAt !== null) return 'accepted';
  return 'requested';
}

export interface OpenBadgeSessionFacts extends OpenBadgeSessionTimes {
  sessionId: string;
  badgeId: string;
  issuerId: string;
  userId: string;
  requestedAt: string;
  refusedReason: string | null;
  durationSeconds: number | null;
  modules: OpenBadgeSessionModuleTimes[];
}

export type OpenBadgeSessionState =
  { status: 'none' } | ({ status: OpenBadgeSessionStatus } & OpenBadgeSessionFacts);
export type OpenBadgeSessionRecord = Exclude<OpenBadgeSessionState, { status: 'none' }>;

export const initialOpenBadgeSessionState = (): OpenBadgeSessionState => ({ status: 'none' });

/** The module in progress (started, not finished), if any. */
export const moduleInProgress = (
  modules: readonly OpenBadgeSessionModuleTimes[],
): OpenBadgeSessionModuleTimes | undefined =>
  modules.find((m) => m.startedAt !== null && m.finishedAt === null);

/**
 * The module to work on next: the one in progress, else the first (by position) not finished; null when every
 * module is finished.
 */
export function currentModulePosition(modules: readonly OpenBadgeSessionModuleTimes[]): number | null {
  const sorted = [...modules].sort((a, b) => a.position - b.position);
  return (moduleInProgress(sorted) ?? sorted.find((m) => m.finishedAt === null))?.position ?? null;
}

/** The sum of the modules' durations, in whole seconds (modules not finished count nothing). */
export function sessionDurationSeconds(modules: readonly OpenBadgeSessionModuleTimes[]): number {
  const ms = modules.reduce(
    (sum, m) =>
      m.startedAt !== null && m.finishedAt !== null
        ? sum + Math.max(0, Date.parse(m.finishedAt) - Date.parse(m.startedAt))
        : sum,
    0,
  );
  return Math.round(ms / 1000);
}

/** The module times after a module event: shared by the decider's fold and the projection. */
export function applyModuleEvent(
  modules: readonly OpenBadgeSessionModuleTimes[],
  event: {
    type: 'OpenBadgeModuleStarted' | 'OpenBadgeModuleFinished';
    data: { position: number; at: string };
  },
): OpenBadgeSessionModuleTimes[] {
  return modules.map((m) =>
    m.position !== event.data.position
      ? m
      : event.type === 'OpenBadgeModuleStarted'
        ? { ...m, startedAt: event.data.at, finishedAt: null }
        : { ...m, finishedAt: event.data.at },
  );
}

/** The session's stream folded. */
export function evolveOpenBadgeSession(
  state: OpenBadgeSessionState,
  event: OpenBadgeSessionEvent,
): OpenBadgeSessionState {
  if (event.type === 'OpenBadgeSessionRequested') {
    const d = event.data;
    const facts: OpenBadgeSessionFacts = {
      sessionId: d.sessionId,
      badgeId: d.badgeId,
      issuerId: d.issuerId,
      userId: d.userId,
      requestedAt: d.requestedAt,
      acceptedAt: null,
      refusedAt: null,
      refusedReason: null,
      startedAt: null,
      finishedAt: null,
      durationSeconds: null,
      assertionId: null,
      modules: [...d.modules]
        .sort((a, b) => a.position - b.position)
        .map((m) => ({ ...m, startedAt: null, finishedAt: null })),
    };
    return { ...facts, status: openBadgeSessionStatus(facts) };
  }
  if (state.status === 'none') return state;
  let next: OpenBadgeSessionFacts = state;
  switch (event.type) {
    case 'OpenBadgeSessionAccepted':
      next = { ...state, acceptedAt: event.data.acceptedAt };
      break;
    case 'OpenBadgeSessionRefused':
      next = { ...state, refusedAt: event.data.refusedAt, refusedReason: event.data.reason };
      break;
    case 'OpenBadgeModuleStarted':
    case 'OpenBadgeModuleFinished':
      next = {
        ...state,
        startedAt: state.startedAt ?? (event.type === 'OpenBadgeModuleStarted' ? event.data.at : null),
        modules: applyModuleEvent(state.modules, event),
      };
      break;
    case 'OpenBadgeSessionFinished':
      next = { ...state, finishedAt: event.data.finishedAt, durationSeconds: event.data.durationSeconds };
      break;
    case 'OpenBadgeAssertionIssued':
      next = { ...state, assertionId: event.data.assertionId };
      break;
    default: {
      const unknown: never = event;
      throw new Error(`unknown open badge session event ${(unknown as { type: string }).type}`);
    }
  }
  return { ...next, status: openBadgeSessionStatus(next) };
}

/**
 * Who looks at a session: whether they are its member, and whether they may act as its issuer (an administrator,
 * or a member acting as the session's issuer organization while that organization may issue: issuer.ts).
 */
export interface OpenBadgeSessionViewer {
  isMember: boolean;
  isIssuer: boolean;
}

/** What the server's viewer and the web's session both know of who looks (issuer.ts decides `mayIssue`). */
export interface OpenBadgeViewerFacts {
  userId: string | null;
  isAdmin: boolean;
  actingAsOrganizationId?: string | null;
  /** mayIssueOpenBadges(viewer, environment) */
  mayIssue: boolean;
}

/**
 * The viewer's part in a session: its member; its issuer (an administrator, or acting as the session's issuer
 * organization while it may issue); `actsForIssuer` when acting as that organization whatever its level (below the
 * threshold such a viewer sees the session but may not decide it).
 */
export function openBadgeSessionViewer(
  session: { userId: string; issuerId: string },
  viewer: OpenBadgeViewerFacts,
): OpenBadgeSessionViewer & { actsForIssuer: boolean } {
  const actsForIssuer =
    viewer.userId !== null && (viewer.actingAsOrganizationId ?? null) === session.issuerId;
  return {
    isMember: viewer.userId !== null && viewer.userId === session.userId,
    isIssuer: viewer.isAdmin || (actsForIssuer && viewer.mayIssue),
    actsForIssuer,
  };
}

/** The session as the actions read it: its status and its modules' times. */
export type OpenBadgeSessionActionFacts = Pick<OpenBadgeSessionRecord, 'status' | 'modules'>;

/**
 * The actions this viewer may take now: the issuer accepts or refuses a request and issues the assertion of a
 * finished session; the member starts the module to work on next and finishes the one in progress. The screens
 * offer these and only these; the decider (command-api/src/open-badges/session.ts) refuses the others.
 */
export function sessionAllowedActions(
  session: OpenBadgeSessionActionFacts,
  viewer: OpenBadgeSessionViewer,
): OpenBadgeSessionActionName[] {
  const actions: OpenBadgeSessionActionName[] = [];
  if (viewer.isIssuer && session.status === 'requested') actions.push('accept', 'refuse');
  if (viewer.isMember && (session.status === 'accepted' || session.status === 'in_progress')) {
    if (moduleInProgress(session.modules)) actions.push('finish-module');
    else if (currentModulePosition(session.modules) !== null) actions.push('start-module');
  }
  if (viewer.isIssuer && session.status === 'finished') actions.push('issue-assertion');
  return actions;
}
