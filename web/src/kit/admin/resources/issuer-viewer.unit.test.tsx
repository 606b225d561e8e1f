import { openBadgeResource } from '@platform/contracts/open-badges/records';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJson, renderApp } from '../../../frame/testing/render-app.tsx';
import { levelSettingsOf } from '../../state/app-status.ts';
import { consentDecided, FIRST_RENDER, listMeta, meDocument, route } from '../admin-testing.ts';
import { may, mayOpen, viewerFacts } from './viewer.ts';

const ORG = '0a000000-0000-4000-8000-0000000000c1';

/** A member with no role acting as an organization of the given weight (the session's 'me'). */
const actingMember = (weight: number) => {
  const doc = meDocument({ roles: [] });
  return {
    ...doc,
    data: {
      ...doc.data,
      relationships: {
        ...doc.data.relationships,
        actingAsOrganization: { data: { type: 'organizations', id: ORG } },
      },
    },
    meta: { effectiveAccessWeight: weight },
  };
};

const sessionUser = (weight: number) => ({
  id: 'me-1',
  roles: [],
  isAdmin: false,
  effectiveAccessWeight: weight,
  actingAsOrganizationId: ORG,
});

describe('the web’s viewer facts and the open badge issuers’ threshold', () => {
  it('reads the access-level settings of the environment document, unknown or absent ones as unset', () => {
    expect(
      levelSettingsOf({ openBadgeIssuerAccessLevel: 'member_level_1', rlProjectsAccessLevel: 'x' }),
    ).toEqual({ openBadgeIssuerAccessLevel: 'member_level_1', rlProjectsAccessLevel: null });
    expect(levelSettingsOf({ initialized: true })).toEqual({
      openBadgeIssuerAccessLevel: null,
      rlProjectsAccessLevel: null,
    });
  });

  it('lets an issuer acting as an organization that reaches the threshold keep badges, as the server does', () => {
    const environment = { openBadgeIssuerAccessLevel: 'member_level_1' as const };
    expect(mayOpen(openBadgeResource, 'create', viewerFacts(sessionUser(300), environment))).toBe(true);
    expect(may(openBadgeResource, 'update', viewerFacts(sessionUser(300), environment))).toBe(true);
    // under the threshold, without the environment, or with no threshold set: nobody issues
    expect(mayOpen(openBadgeResource, 'create', viewerFacts(sessionUser(200), environment))).toBe(false);
    expect(mayOpen(openBadgeResource, 'create', viewerFacts(sessionUser(300)))).toBe(false);
    expect(
      mayOpen(
        openBadgeResource,
        'create',
        viewerFacts(sessionUser(300), { openBadgeIssuerAccessLevel: null }),
      ),
    ).toBe(false);
    // not acting as an organization
    expect(
      mayOpen(
        openBadgeResource,
        'create',
        viewerFacts({ ...sessionUser(300), actingAsOrganizationId: null }, environment),
      ),
    ).toBe(false);
  });

  const badgesServer = () => [
    route('GET', '/api/v1/open-badges', () => fakeJson(200, { data: [], meta: listMeta(0) })),
  ];

  it('shows an issuer the badges’ list with its create button, from the environment the app boots with', async () => {
    consentDecided();
    renderApp('/admin/resources/open-badges/index', {
      me: actingMember(300),
      environment: { openBadgeIssuerAccessLevel: 'member_level_1' },
      handlers: badgesServer(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Badges' }, FIRST_RENDER);
    expect(screen.getByRole('link', { name: 'New record' })).toBeTruthy();
  });

  it('sends the same member to the unauthorized screen when the threshold is above their organization', async () => {
    consentDecided();
    const { location } = renderApp('/admin/resources/open-badges/index', {
      me: actingMember(300),
      environment: { openBadgeIssuerAccessLevel: 'member_level_2' },
      handlers: badgesServer(),
    });
    await waitFor(
      () => expect(location.history?.at(-1)).toMatch(/^\/errors\/unauthorized\?redirectUrl=/),
      FIRST_RENDER,
    );
  });
});
