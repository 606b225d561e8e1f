import type { FormSection } from '@platform/contracts/forms/rules';
import styled from 'styled-components';
import { useT } from '../../kit/i18n/use-t.ts';
import { LabelledProgressBar } from '../../kit/ui/progress-bar.tsx';
import type en from './messages/en.json';

type Messages = typeof en;

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
      <LabelledProgressBar
        label={t('advancedForms.progress.label')}
        value={page + 1}
        total={pages}
        valueText={text}
      />
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
