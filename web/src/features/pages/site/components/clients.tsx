import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { Link } from '../../../../kit/ui/link.tsx';
import { BlockTitle, Inner } from './block.tsx';

const Logos = styled.ul<{ $max: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 2rem;
  img {
    display: block;
    max-width: ${({ $max }) => $max}px;
    max-height: ${({ $max }) => $max}px;
    width: auto;
    height: auto;
    object-fit: contain;
  }
`;

/** clients: logos no larger than logoMaxSize (default 150 px), each linking to its site when it has one. */
export function Clients({ props }: { props: ComponentProps<'clients'> }) {
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Logos $max={props.logoMaxSize}>
        {props.logos.map((logo, i) => {
          const img = <img src={logo.image.url} alt={logo.image.alt.trim() || logo.name} loading="lazy" />;
          return (
            <li key={`${i}-${logo.name}`}>
              {logo.url ? (
                <Link href={logo.url} external>
                  {img}
                </Link>
              ) : (
                img
              )}
            </li>
          );
        })}
      </Logos>
    </Inner>
  );
}
