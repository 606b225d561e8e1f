import type { FormSection } from '@platform/contracts/forms/rules';
import { Label, ProgressBar } from 'react-aria-components';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import type en from './messages/en.json';

type Messages = typeof en;

const Bar = styled(ProgressBar)`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 0.25rem 0.75rem;
  margin: 0 0 1rem;
  .label {
    font-weight: 600;
  }
  .value {
    /* the page's words wrap under the label rather than push past a narrow window */
    min-width: 0;
  }
  .track {
    grid-column: 1 / -1;
    height: 0.75rem;
    border-radius: 0.375rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    overflow: hidden;
  }
  .fill {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
  }
`;

const Steps = styled.ol`
  margin: 0 0 1.5rem;
  padding-inline-start: 1.5rem;
  color: ${({ theme }) => theme.colors.textMuted};
  li {
    padding: 0.125rem 0;
  }
  li[aria-current='step'] {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 700;
  }
`;

/** A page's name: its section's title, or its number for the questions before any section. */
export function usePageName() {
  const t = useT<Messages>();
  return (section: FormSection | undefined, index: number) =>
    section?.title || t('advancedForms.page.untitled', { page: index + 1 });
}

/** Where the visitor is in the form: "Page 2 of 4" as a named progress bar, then the pages' names in order. */
export function FormProgress({ sections, page }: { sections: readonly FormSection[]; page: number }) {
  const t = useT<Messages>();
  const pageName = usePageName();
  const pages = sections.length;
  const text = t('advancedForms.progress.value', { page: page + 1, pages });
  return (
    <>
      <Bar value={page + 1} minValue={0} maxValue={Math.max(pages, 1)} valueLabel={text}>
        {({ percentage }) => (
          <>
            <Label className="label">{t('advancedForms.progress.label')}</Label>
            <span className="value">{text}</span>
            <div className="track">
              <div className="fill" style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </Bar>
      {pages > 1 ? (
        <Steps aria-label={t('advancedForms.steps.label')}>
          {sections.map((section, index) => (
            <li key={section.id ?? `page-${index}`} aria-current={index === page ? 'step' : undefined}>
              {pageName(section, index)}
            </li>
          ))}
        </Steps>
      ) : null}
    </>
  );
}
