import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@platform/contracts/accounts/events';
import { ValidationError } from '@platform/contracts/errors';
import { userDecider } from '../accounts/decide.ts';
import { specMetadata } from '@platform/tests/support/decider-spec';
import { decideMemberships, type MemberToDecide } from './memberships.ts';

const metadata = specMetadata();
const org = '0c000000-0000-4000-8000-00000000000c';
const ada = '0b000000-0000-4000-8000-00000000000a';
const bob = '0b000000-0000-4000-8000-00000000000b';
const nobody = '0b000000-0000-4000-8000-0000000000ff';

const registered = (id: string): UserEvent => ({
  type: 'UserRegistered',
  data: {
    id,
    email: `${id}@example.org`,
    firstName: 'A',
    lastName: 'Member',
    locale: 'en',
    timezone: 'Europe/Paris',
    passwordHash: '$argon2id$x',
    origin: 'register',
  },
});
const joined = (id: string): UserEvent => ({
  type: 'UserJoinedOrganization',
  data: { id, organizationId: org },
});
/** A user as their stream left them after `events`. */
const given = (id: string, ...events: UserEvent[]): MemberToDecide => ({
  id,
  state: events.reduce(userDecider.evolve, userDecider.initialState()),
});

describe('membership decisions', () => {
  it('decides every user of the list, each on their own state', () => {
    expect(
      decideMemberships(
        'join',
        org,
        [given(ada, registered(ada)), given(bob, registered(bob), joined(bob))],
        metadata,
      ),
    ).toEqual([
      { userId: ada, events: [joined(ada)] },
      // already a member: nothing to append for this one
      { userId: bob, events: [] },
    ]);
    expect(
      decideMemberships(
        'leave',
        org,
        [given(ada, registered(ada)), given(bob, registered(bob), joined(bob))],
        metadata,
      ),
    ).toEqual([
      { userId: ada, events: [] },
      { userId: bob, events: [{ type: 'UserLeftOrganization', data: { id: bob, organizationId: org } }] },
    ]);
  });

  it('refuses the whole list for one user that does not exist, naming that user', () => {
    let refused: unknown;
    try {
      decideMemberships('join', org, [given(ada, registered(ada)), given(nobody)], metadata);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues?.map((i) => i.pointer)).toEqual(['/data/1/id']);
  });

  it('decides a user named twice once', () => {
    const ada1 = given(ada, registered(ada));
    expect(decideMemberships('join', org, [ada1, ada1], metadata)).toEqual([
      { userId: ada, events: [joined(ada)] },
    ]);
  });
});
