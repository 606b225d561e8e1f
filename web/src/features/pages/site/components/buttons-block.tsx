import type { ComponentProps } from '@platform/contracts/pages/components';
import { Inner } from './block.tsx';
import { LinkButtons } from './cms-link.tsx';

/** buttons: internal links navigate in the app, external ones open a new tab (cms-link.tsx). */
export function ButtonsBlock({ props }: { props: ComponentProps<'buttons'> }) {
  return (
    <Inner>
      <LinkButtons links={props.buttons} align={props.alignment} />
    </Inner>
  );
}
