import styled from 'styled-components';
import type { Toast as ToastData } from '../machines/toast.machine.ts';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';

const Region = styled.div`
  position: fixed;
  bottom: 1.5rem;
  left: 50%;
  transform: translateX(-50%);
  z-index: 150;
  width: min(32rem, calc(100vw - 2rem));
`;

const Card = styled.div<{ $tone: ToastData['tone'] }>`
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 0.75rem 0.75rem 0.75rem 1rem;
  border-radius: 0.5rem;
  border-left: 6px solid ${({ theme, $tone }) => theme.colors[$tone]};
  background: ${({ theme }) => theme.colors.inverseBackground};
  color: ${({ theme }) => theme.colors.inverseText};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.3);
  p {
    margin: 0;
    flex: 1;
  }
`;

/**
 * The live region stays in the page while empty, so that the message put into it is announced (status for
 * information, alert for errors).
 */
export function ToastView({
  toast,
  regionLabel,
  closeLabel,
  onClose,
}: {
  toast: ToastData | null;
  regionLabel: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <Region aria-label={regionLabel} role="region">
      <div role="status" aria-live="polite">
        {toast && toast.tone !== 'error' ? (
          <Card $tone={toast.tone}>
            <p>{toast.message}</p>
            <IconButton aria-label={closeLabel} size="small" onPress={onClose}>
              <CloseIcon />
            </IconButton>
          </Card>
        ) : null}
      </div>
      <div role="alert">
        {toast && toast.tone === 'error' ? (
          <Card $tone="error">
            <p>{toast.message}</p>
            <IconButton aria-label={closeLabel} size="small" onPress={onClose}>
              <CloseIcon />
            </IconButton>
          </Card>
        ) : null}
      </div>
    </Region>
  );
}
