import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  type MenuItemProps,
  type MenuProps as AriaMenuProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { PopoverSurface } from './select.tsx';

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  /** the trigger: a Button from ui/button.tsx */
  trigger: React.ReactElement;
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
export function Menu<T extends object>({ trigger, ...props }: MenuProps<T>) {
  return (
    <MenuTrigger>
      {trigger}
      <PopoverSurface placement="bottom end">
        <List {...props} />
      </PopoverSurface>
    </MenuTrigger>
  );
}

export function MenuItem(props: MenuItemProps) {
  return <Item {...props} />;
}
