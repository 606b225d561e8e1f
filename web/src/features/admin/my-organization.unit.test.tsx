import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, type FakeApi } from '../../frame/testing/render-app.tsx';
import { consentDecided, FIRST_RENDER, meDocument } from '../../kit/admin/admin-testing.ts';
import { myOrganizationTarget } from './my-organization.tsx';

const ORG = '0a000000-0000-4000-8000-0000000000d1';

/**
 * The app at `path`, every navigation kept as it was asked for: the screen the redirect leads to may itself send
 * the reader on, in place, which the memory history alone would hide.
 */
const renderRecordingNavigations = (path: string, api: FakeApi) =>
  renderApp(path, api, { recordNavigations: true });

/** A validated member with no role; acting as the organization ORG when asked. */
function member(actingAsOrganization: boolean) {
  const me = meDocument({ roles: [] });
  if (actingAsOrganization)
    (me.data.relationships as Record<string, unknown>).actingAsOrganization = {
      data: { type: 'organizations', id: ORG },
    };
  return me;
}

describe('where my-lab and my-organization lead (seed 000 §2.4)', () => {
  it('is the record of the organization acted as, in the same action, else the dashboard', () => {
    expect(myOrganizationTarget('show', { actingAsOrganizationId: ORG })).toBe(
      `/admin/resources/organizations/show/${ORG}`,
    );
    expect(myOrganizationTarget('update', { actingAsOrganizationId: ORG })).toBe(
      `/admin/resources/organizations/update/${ORG}`,
    );
    // the back office's edit screen is `update`
    expect(myOrganizationTarget('edit', { actingAsOrganizationId: ORG })).toBe(
      `/admin/resources/organizations/update/${ORG}`,
    );
    expect(myOrganizationTarget('show', { actingAsOrganizationId: null })).toBe('/admin/dashboard');
    expect(myOrganizationTarget('edit', { actingAsOrganizationId: null })).toBe('/admin/dashboard');
  });

  it.each(['my-lab', 'my-organization'])(
    '/admin/resources/organizations/show/%s sends a member acting as an organization to its record, in place',
    async (id) => {
      consentDecided();
      const { navigations } = renderRecordingNavigations(`/admin/resources/organizations/show/${id}`, {
        me: member(true),
      });
      await waitFor(() => expect(navigations.length).toBeGreaterThan(0), FIRST_RENDER);
      expect(navigations[0]).toEqual({ to: `/admin/resources/organizations/show/${ORG}`, replace: true });
    },
  );

  it('keeps the action: my-organization’s edit screen is the organization’s', async () => {
    consentDecided();
    const { navigations } = renderRecordingNavigations(
      '/admin/resources/organizations/update/my-organization',
      {
        me: member(true),
      },
    );
    await waitFor(() => expect(navigations.length).toBeGreaterThan(0), FIRST_RENDER);
    expect(navigations[0]).toEqual({ to: `/admin/resources/organizations/update/${ORG}`, replace: true });
  });

  it.each(['my-lab', 'my-organization'])(
    '/admin/resources/organizations/show/%s sends a member acting as nobody to the dashboard, in place',
    async (id) => {
      consentDecided();
      const { navigations } = renderRecordingNavigations(`/admin/resources/organizations/show/${id}`, {
        me: member(false),
      });
      await waitFor(() => expect(navigations.length).toBeGreaterThan(0), FIRST_RENDER);
      expect(navigations[0]).toEqual({ to: '/admin/dashboard', replace: true });
    },
  );

  it('sends a visitor to sign in first, back to the same address', async () => {
    consentDecided();
    const { navigations } = renderRecordingNavigations('/admin/resources/organizations/show/my-lab', {});
    await waitFor(() => expect(navigations.length).toBeGreaterThan(0), FIRST_RENDER);
    expect(navigations[0]!.to).toBe(
      `/auth/sign-in?guarded=auth&redirectUrl=${encodeURIComponent('/admin/resources/organizations/show/my-lab')}`,
    );
  });

  it('leaves the address to the generic back office when organizations are off', async () => {
    consentDecided();
    const { navigations } = renderRecordingNavigations('/admin/resources/organizations/show/my-lab', {
      me: member(true),
      features: { organizations: false },
    });
    // the generic screen has the address, and no such organizations' screen: not found, as for any disabled type
    await waitFor(() => expect(navigations.length).toBeGreaterThan(0), FIRST_RENDER);
    expect(navigations).toEqual([{ to: '/errors/not-found', replace: true }]);
  });
});
