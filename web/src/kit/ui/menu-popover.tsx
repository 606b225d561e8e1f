import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  type MenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Button } from './button.tsx';
import type { ButtonSize, ButtonVariant } from './button-look.ts';
import { PopoverSurface } from './select.tsx';

/** The menu button as it looks: the same before the menu's code has loaded (menu.tsx's native button) and after. */
export interface MenuTriggerLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** when the content does not name the button */
  'aria-label'?: string;
  children: React.ReactNode;
}

/** The menu itself, loaded after the page has painted or when its trigger is first used (menu.tsx). */
export interface PopoverMenuProps<T extends object> extends AriaMenuProps<T> {
  /** the trigger's look: here react-aria's Button, which the menu trigger presses and labels */
  trigger: MenuTriggerLook;
  triggerRef: React.Ref<HTMLButtonElement>;
  /** whether the menu is open, and its change (menu.tsx opens a menu pressed while its code loaded) */
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

const List = styled(AriaMenu)`
  outline: none;
  min-width: min(12rem, calc(100vw - 2rem));
` as typeof AriaMenu;

const Item = styled(AriaMenuItem)`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 0.75rem;
  border-radius: 0.375rem;
  color: inherit;
  text-decoration: none;
  cursor: pointer;
  outline: none;
  &[data-focused],
  &[data-hovered] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  &[data-focus-visible] {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
  &[data-selected] {
    font-weight: 700;
  }
`;

/** A menu button: the trigger opens a popover with a keyboard-navigable list (arrows, typeahead, Escape). */
export function PopoverMenu<T extends object>({
  trigger: { children, ...look },
  triggerRef,
  isOpen,
  onOpenChange,
  ...props
}: PopoverMenuProps<T>) {
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button ref={triggerRef} {...look}>
        {children}
      </Button>
      <PopoverSurface placement="bottom end">
        <List {...props} />
      </PopoverSurface>
    </MenuTrigger>
  );
}

export function PopoverMenuItem(props: MenuItemProps) {
  return <Item {...props} />;
}
