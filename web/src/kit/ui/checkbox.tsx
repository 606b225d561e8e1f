import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import styled from 'styled-components';

const Root = styled(AriaCheckbox)`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;
  min-height: 2.75rem;
  margin-bottom: 1.25rem;
  cursor: pointer;
  overflow-wrap: anywhere;
  .box {
    flex: none;
    display: inline-grid;
    place-items: center;
    /* on the first line of the label, whatever its size and line height */
    width: 1.375rem;
    height: 1.375rem;
    margin-top: calc((1lh - 1.375rem) / 2);
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: 0.25rem;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &[data-selected] .box {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[data-focus-visible] .box {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[data-invalid] .box {
    border-color: ${({ theme }) => theme.colors.error};
  }
`;

/**
 * One checkbox with its label as its name (react-aria: Space toggles it), the box on the label's first line however
 * long the label wraps (a group of them: checkbox-group.tsx). The sign-in's "remember me", a contact form's
 * newsletter.
 */
export function Checkbox({
  children,
  ...props
}: Omit<AriaCheckboxProps, 'children'> & { children: React.ReactNode }) {
  return (
    <Root {...props}>
      {({ isSelected }) => (
        <>
          <span className="box" aria-hidden="true">
            {isSelected ? (
              <svg
                viewBox="0 0 24 24"
                width="16"
                height="16"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
              >
                <path d="M5 12l5 5 9-10" />
              </svg>
            ) : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </Root>
  );
}
