import {
  Button as AriaButton,
  Input,
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
} from 'react-aria-components';
import type { Ref } from 'react';
import styled from 'styled-components';
import { Description, Label } from './field.tsx';
import { CloseIcon } from './icons.tsx';

export interface SearchFieldProps extends AriaSearchFieldProps {
  label: string;
  /** the clear button's name, in the screen's words (Escape clears the field too) */
  clearLabel: string;
  description?: string;
  /** the input itself, for a screen that gives it the focus back */
  inputRef?: Ref<HTMLInputElement>;
}

const Root = styled(AriaSearchField)`
  display: flex;
  flex-direction: column;
  margin-bottom: 1.25rem;
  .box {
    position: relative;
    display: flex;
  }
  input {
    flex: 1;
    min-width: 0;
    font: inherit;
    letter-spacing: inherit;
    min-height: 2.75rem;
    box-sizing: border-box;
    padding: 0.5rem 2.75rem 0.5rem 0.75rem;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    &[data-focus-visible] {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
    /* the browser's own clear cross would stand beside ours */
    &::-webkit-search-cancel-button {
      appearance: none;
    }
  }
  .clear {
    position: absolute;
    inset: 0 0 0 auto;
    width: 2.75rem;
    display: grid;
    place-items: center;
    border: 0;
    border-radius: 0 0.375rem 0.375rem 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: pointer;
    &[data-hovered] {
      color: ${({ theme }) => theme.colors.text};
    }
    &[data-focus-visible] {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: -3px;
    }
  }
  &[data-empty] .clear {
    display: none;
  }
`;

/**
 * A search box (react-aria SearchField): a searchbox with its label, Escape or the clear button empties it
 * (`onClear`), Enter submits it (`onSubmit`, or the form around it). The clear button is reached by pointer; the
 * keyboard has Escape (react-aria keeps it out of the tab order).
 */
export function SearchField({ label, clearLabel, description, inputRef, ...props }: SearchFieldProps) {
  return (
    <Root {...props}>
      <Label>{label}</Label>
      <div className="box">
        <Input ref={inputRef} />
        <AriaButton className="clear" aria-label={clearLabel}>
          <CloseIcon />
        </AriaButton>
      </div>
      {description ? <Description>{description}</Description> : null}
    </Root>
  );
}
