import { useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../../kit/i18n/use-t.ts';
import { useSession } from '../../../kit/session/session.tsx';
import { Button } from '../../../kit/ui/button.tsx';
import type en from './messages/en.json';

// the text colour on the inverse band is the theme's inverse text, checked for contrast in both themes
const Banner = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  min-height: ${({ theme }) => theme.layout.alertRowHeight}px;
  padding: 0.5rem 1rem;
  background: ${({ theme }) => theme.colors.inverseBackground};
  color: ${({ theme }) => theme.colors.inverseText};
  border-bottom: 4px solid ${({ theme }) => theme.colors.warning};
  p {
    margin: 0;
    font-weight: 600;
  }
  button {
    background: ${({ theme }) => theme.colors.inverseText};
    color: ${({ theme }) => theme.colors.inverseBackground};
    border-color: ${({ theme }) => theme.colors.inverseText};
  }
  button[data-focus-visible] {
    outline-color: ${({ theme }) => theme.colors.inverseText};
  }
`;

/** The impersonation banner (seed 000 §2.9): the impersonated user's name and a stop action. */
export function ImpersonationBanner() {
  const t = useT<typeof en>();
  const { user, stopImpersonation } = useSession();
  const [stopping, setStopping] = useState(false);
  if (!user?.impersonating) return null;
  return (
    <Banner role="region" aria-label={t('account.impersonation.region')}>
      <p>{t('account.impersonation.actingAs', { name: user.fullName })}</p>
      <Button
        size="small"
        isPending={stopping}
        onPress={() => {
          setStopping(true);
          // a failure is reported by the shell's dialogs; the button can be pressed again
          stopImpersonation().catch(() => setStopping(false));
        }}
      >
        {t('account.impersonation.stop')}
      </Button>
    </Banner>
  );
}
