import { useContext, useEffect, useRef, type RefObject } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  ComboBoxStateContext,
  Input,
  ListBox,
  Text,
  type ComboBoxProps as AriaComboBoxProps,
} from 'react-aria-components';
import styled from 'styled-components';
import { Description, FieldError, Label } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { OptionItem, PopoverSurface } from './select.tsx';

export interface ComboBoxOption {
  id: string;
  label: string;
  /** a second line telling apart choices of the same label */
  detail?: string;
}

export interface ComboBoxProps extends Omit<
  AriaComboBoxProps<ComboBoxOption, 'single'>,
  'children' | 'items' | 'selectionMode'
> {
  label: string;
  /** the choices, already filtered by the caller (a server search): the box filters nothing itself */
  options: readonly ComboBoxOption[];
  description?: string;
  /** a server message for this field (api/field-errors.ts) */
  errorMessage?: string;
  /** said in the open list when it holds no choice: no match, still searching, a failed search */
  emptyText?: string;
  /** the accessible name of the button that opens the list */
  openLabel: string;
}

const Root = styled(AriaComboBox<ComboBoxOption, 'single'>)`
  display: flex;
  flex-direction: column;
  margin-bottom: 0.5rem;
  .row {
    display: flex;
    align-items: stretch;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
  &[data-invalid] .row {
    border-color: ${({ theme }) => theme.colors.error};
  }
  input {
    flex: 1;
    min-width: 0;
    font: inherit;
    letter-spacing: inherit;
    padding: 0.5rem 0.75rem;
    border: none;
    border-radius: 0.375rem;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    &[data-focus-visible] {
      outline: 3px solid ${({ theme }) => theme.colors.focus};
      outline-offset: 1px;
    }
  }
`;

const OpenButton = styled(AriaButton)`
  display: flex;
  align-items: center;
  padding: 0 0.75rem;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Detail = styled(Text)`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.div`
  padding: 0.5rem 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Closes the list once the caller has taken a pick in. react-aria closes it by itself when the value changes; a
 * box that adds each pick elsewhere (tags) keeps no value, so without this the list would stay open over the page.
 */
function CloseAfterPick({ picked }: { picked: RefObject<boolean> }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    // react-aria also renders the children once without the box's state, to build its collection
    if (!state || !picked.current) return;
    picked.current = false;
    // after the box's own effect of this render, which opens the list again when the caller emptied the text
    queueMicrotask(() => {
      if (state.isOpen) state.close();
    });
  });
  return null;
}

/**
 * A text box with a list of choices the reader narrows by typing (react-aria ComboBox): the caller owns the
 * choices, so a search on the server feeds them as the reader types.
 */
export function ComboBox({
  label,
  options,
  description,
  errorMessage,
  emptyText,
  openLabel,
  onChange,
  ...props
}: ComboBoxProps) {
  const picked = useRef(false);
  return (
    <Root
      {...props}
      onChange={(key) => {
        if (key !== null) picked.current = true;
        onChange?.(key);
      }}
      items={options}
      allowsEmptyCollection={emptyText !== undefined}
      isInvalid={props.isInvalid ?? Boolean(errorMessage)}
    >
      <Label>{label}</Label>
      <div className="row">
        <Input />
        <OpenButton aria-label={openLabel}>
          <ChevronDownIcon />
        </OpenButton>
      </div>
      {description ? <Description>{description}</Description> : null}
      <FieldError>{errorMessage}</FieldError>
      <PopoverSurface>
        <ListBox<ComboBoxOption> renderEmptyState={() => <Empty>{emptyText}</Empty>}>
          {(o) => (
            <OptionItem id={o.id} textValue={o.label}>
              <Text slot="label">{o.label}</Text>
              {o.detail ? <Detail slot="description">{o.detail}</Detail> : null}
            </OptionItem>
          )}
        </ListBox>
      </PopoverSurface>
      <CloseAfterPick picked={picked} />
    </Root>
  );
}
