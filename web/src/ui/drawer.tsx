import { Dialog as AriaDialog, Heading, Modal } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { useT } from '../i18n/use-t.ts';
import { IconButton } from './button.tsx';
import { Overlay } from './dialog.tsx';
import { CloseIcon } from './icons.tsx';

export interface DrawerProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  side?: 'left' | 'right';
  /** px; the page-navigation drawer is 300 (seed 000 §9) */
  width?: number;
  children: React.ReactNode;
}

const slideLeft = keyframes`from { transform: translateX(-100%); } to { transform: translateX(0); }`;
const slideRight = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;

const DrawerOverlay = styled(Overlay)`
  justify-content: stretch;
  align-items: stretch;
  padding: 0;
`;

const Panel = styled(Modal)<{ $side: 'left' | 'right'; $width: number }>`
  position: fixed;
  top: 0;
  bottom: 0;
  ${({ $side }) => $side}: 0;
  width: min(${({ $width }) => $width}px, 90vw);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 0 32px rgba(0, 0, 0, 0.35);
  &[data-entering] {
    animation: ${({ $side }) => ($side === 'left' ? slideLeft : slideRight)} 160ms ease-out;
  }
`;

const Body = styled(AriaDialog)`
  outline: none;
  padding: 1rem 1.25rem 2rem;
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 1rem;
    margin-bottom: 1rem;
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;

/** A side panel: a modal dialog (focus kept inside, Escape and a click outside close it). */
export function Drawer({ title, isOpen, onOpenChange, side = 'left', width = 320, children }: DrawerProps) {
  const t = useT();
  return (
    <DrawerOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Panel $side={side} $width={width}>
        <Body>
          <header>
            <Heading slot="title">{title}</Heading>
            <IconButton aria-label={t('app.close')} onPress={() => onOpenChange(false)}>
              <CloseIcon />
            </IconButton>
          </header>
          {children}
        </Body>
      </Panel>
    </DrawerOverlay>
  );
}
