import { Dialog as AriaDialog, Heading, Modal } from 'react-aria-components';
import styled, { keyframes } from 'styled-components';
import { useT } from '../i18n/use-t.ts';
import { IconButton } from './button.tsx';
import { Overlay } from './dialog.tsx';
import { CloseIcon } from './icons.tsx';
import { fluidSize, fluidSpace } from '../theme/theme.ts';

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
  /* in rem, so that the panel grows with the reader's text (320 px at the default 16 px) */
  width: min(${({ $width }) => $width / 16}rem, 90vw);
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
  padding: 1rem ${fluidSpace(1.25)} 2rem;
  /* the close button goes above a title that needs the whole width (large text in a narrow panel) */
  header {
    display: flex;
    flex-wrap: wrap-reverse;
    align-items: center;
    gap: 0.5rem 1rem;
    margin-bottom: 1rem;
    > button {
      margin-left: auto;
    }
  }
  h2 {
    flex: 1 1 auto;
    margin: 0;
    font-size: ${fluidSize(1.25)};
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
