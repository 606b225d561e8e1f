import { EQLAAT_TEAM, eqlaatStatusColour, type EqlaatColour } from '@platform/contracts/eqlaat/records';
import { allows } from '@platform/contracts/resources/access';
import styled from 'styled-components';
import { useRedirect, useUnauthorizedPath } from '../../kit/admin/route-redirect.ts';
import { useEnvironmentLevels, viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { useSignedInUser } from '../../kit/session/session.tsx';
import type { Palette } from '../../kit/theme/theme.ts';
import type en from './messages/en.json';

export type EqlaatMessages = typeof en;
export const useEqlaatT = () => useT<EqlaatMessages>();

/**
 * The eqlaat team only (EQLAAT_TEAM: the eqlaat members, and administrators), as its records' rule: anyone else
 * gets the unauthorized screen, with the way back here after signing in as someone else, as on the back office's
 * other refused screens.
 */
export function EqlaatTeamOnly({ children }: { children: React.ReactNode }) {
  const user = useSignedInUser();
  const t = useEqlaatT();
  const unauthorized = useUnauthorizedPath();
  const allowed = allows(EQLAAT_TEAM, viewerFacts(user, useEnvironmentLevels()));
  useRedirect(allowed ? null : unauthorized);
  return allowed ? children : <InlineLoader aria-label={t('app.loading')} />;
}

/** Seed 001 §4's colours as the theme's: neutral is the border colour. */
const TONES: Record<EqlaatColour, keyof Palette> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
  neutral: 'border',
};

export const BadgeList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  margin: 0.5rem 0;
  padding: 0;
`;

/** A status: its colour as a border and a dot, its name as text (never the colour alone). */
const Badge = styled.span<{ $tone: keyof Palette }>`
  display: inline-flex;
  align-items: center;
  gap: 0.375rem;
  max-width: 100%;
  padding: 0.125rem 0.75rem;
  border: 2px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: 1rem;
  font-weight: 600;
  overflow-wrap: anywhere;
  &::before {
    content: '';
    flex: none;
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 50%;
    background: ${({ theme, $tone }) => theme.colors[$tone]};
  }
`;

/** A project status by its name, in its seed colour. */
export function StatusBadge({ id, name }: { id: string; name: string }) {
  const colour = eqlaatStatusColour(id);
  return (
    <Badge $tone={TONES[colour]} data-colour={colour}>
      {name}
    </Badge>
  );
}
