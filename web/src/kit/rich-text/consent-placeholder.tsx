import styled from 'styled-components';
import { useConsent } from '../consent/consent-context.tsx';
import { useT } from '../i18n/use-t.ts';
import { Button } from '../ui/button.tsx';
import { PROVIDER_NAMES, type VideoProvider } from './video-embed.ts';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.75rem;
  min-height: ${({ theme }) => theme.layout.placeholderMinHeight}px;
  padding: 1rem;
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: 0.5rem;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
  p {
    margin: 0;
  }
`;

/**
 * Shown instead of a video provider's player while its cookies are not accepted (seed 000 §4, §8): says why,
 * and opens the cookie settings. Nothing of the provider is loaded until then.
 */
export function ConsentPlaceholder({ provider }: { provider: VideoProvider }) {
  const t = useT();
  const { openSettings } = useConsent();
  return (
    <Box data-testid="consent-placeholder">
      <p>{t('cookies.placeholder', { provider: PROVIDER_NAMES[provider] })}</p>
      <Button variant="secondary" size="small" onPress={openSettings}>
        {t('cookies.configure')}
      </Button>
    </Box>
  );
}
