import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  type MenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { PopoverSurface } from './select.tsx';

/** The menu itself, loaded after the page has painted or when its trigger is first used (menu.tsx). */
export interface PopoverMenuProps<T extends object> extends AriaMenuProps<T> {
  /** the trigger: a Button from ui/button.tsx */
  trigger: React.ReactElement;
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
  trigger,
  isOpen,
  onOpenChange,
  ...props
}: PopoverMenuProps<T>) {
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      {trigger}
      <PopoverSurface placement="bottom end">
        <List {...props} />
      </PopoverSurface>
    </MenuTrigger>
  );
}

export function PopoverMenuItem(props: MenuItemProps) {
  return <Item {...props} />;
}
