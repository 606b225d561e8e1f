import { describe, expect, it } from 'vitest';
import { allows, type ViewerFacts } from '../resources/access.ts';
import { ROLES } from '../enums.ts';
import {
  EQLAAT_PROJECT_STATUSES,
  EQLAAT_STATUS_DISPLAY_ORDER,
  eqlaatAppointmentResource,
  eqlaatProjectResource,
  eqlaatProjectStatusResource,
  eqlaatResources,
  eqlaatStatusColour,
  shortReason,
  sortEqlaatStatuses,
} from './records.ts';

const viewer = (roles: ViewerFacts['roles'], isAdmin = false): ViewerFacts => ({
  userId: 'u1',
  roles,
  accessWeight: 300,
  isAdmin,
});

describe('the Eqlaat programme (seed 001 §3, §4, §9)', () => {
  it('keeps the nine project statuses under their ids, ended and waiting ones not combinable', () => {
    const rows = eqlaatProjectStatusResource.fixedRows.rows;
    expect(rows.map((r) => r.id)).toEqual([...EQLAAT_PROJECT_STATUSES]);
    expect(eqlaatProjectStatusResource.fixedRows.kept).toEqual([...EQLAAT_PROJECT_STATUSES]);
    const combinable = Object.fromEntries(rows.map((r) => [r.id, r.attributes.canCombine]));
    expect(combinable).toMatchObject({ pending: true, testing: true, closed: false, stopped: false });
  });

  it('shows statuses in the seed display order, suspended before following_up, unknown ones last', () => {
    const shuffled = ['stopped', 'custom', 'following_up', 'pending', 'suspended', 'closed'];
    expect(sortEqlaatStatuses(shuffled, (s) => s)).toEqual([
      'pending',
      'suspended',
      'following_up',
      'closed',
      'stopped',
      'custom',
    ]);
    expect(EQLAAT_STATUS_DISPLAY_ORDER).toHaveLength(9);
  });

  it('colours following_up info, closed success, suspended warning, stopped error, others neutral', () => {
    expect(eqlaatStatusColour('following_up')).toBe('info');
    expect(eqlaatStatusColour('closed')).toBe('success');
    expect(eqlaatStatusColour('suspended')).toBe('warning');
    expect(eqlaatStatusColour('stopped')).toBe('error');
    expect(eqlaatStatusColour('pending')).toBe('neutral');
  });

  it('cuts a project reason to 30 characters with an ellipsis, never inside a character', () => {
    expect(shortReason(null)).toBeNull();
    expect(shortReason('A wheelchair ramp')).toBe('A wheelchair ramp');
    const cut = shortReason('A powered wheelchair for the whole day at school');
    // 29 characters, the space before the cut dropped, then the ellipsis
    expect(cut).toBe('A powered wheelchair for the…');
    const emoji = shortReason('🦽'.repeat(40));
    expect(Array.from(emoji!)).toHaveLength(30);
    expect(eqlaatProjectResource.derived.shortReason!({ reason: 'x'.repeat(31) }, 'id')).toHaveLength(30);
  });

  it('refuses an appointment that ends before it starts', () => {
    const problems = eqlaatAppointmentResource.invariants(
      { startAt: '2030-01-01T10:00:00Z', endAt: '2030-01-01T09:00:00Z' },
      { now: new Date(), previous: null },
    );
    expect(problems).toEqual([{ attribute: 'endAt', detail: 'The end must be after the start.' }]);
    expect(
      eqlaatAppointmentResource.invariants(
        { startAt: '2030-01-01T10:00:00Z', endAt: '2030-01-01T11:00:00Z' },
        { now: new Date(), previous: null },
      ),
    ).toEqual([]);
  });

  it('lets only the eqlaat team and administrators read or write any of its records', () => {
    const others = ROLES.filter((r) => r !== 'eqlaat_member' && r !== 'admin');
    for (const definition of eqlaatResources) {
      expect(definition.feature).toBe('eqlaat');
      for (const action of ['index', 'show', 'create', 'update'] as const) {
        const rule = definition.access[action];
        expect(allows(rule, { ...viewer([]), userId: null }), `${definition.type} ${action}`).toBe(false);
        expect(allows(rule, viewer([...others])), `${definition.type} ${action}`).toBe(false);
        expect(allows(rule, viewer(['admin'], true)), `${definition.type} ${action}`).toBe(true);
      }
      expect(allows(definition.access.show, viewer(['eqlaat_member']))).toBe(true);
    }
  });
});
