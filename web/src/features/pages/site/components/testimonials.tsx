import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { BlockTitle, Inner } from './block.tsx';
import { fluidSize, fluidSpace } from '../../../../kit/theme/theme.ts';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fit, minmax(min(18rem, 100%), 1fr));
`;

const Card = styled.figure`
  margin: 0;
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: ${fluidSpace(1.5)};
  border-radius: 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12);
  blockquote {
    margin: 0;
    flex: 1;
    font-size: ${fluidSize(1.125)};
    font-style: italic;
  }
  blockquote::before {
    content: '“';
    display: block;
    font-size: 3rem;
    line-height: 1;
    color: ${({ theme }) => theme.colors.primary};
  }
  figcaption {
    display: flex;
    align-items: center;
    gap: 0.75rem;
  }
  img {
    width: 48px;
    height: 48px;
    border-radius: 50%;
    object-fit: cover;
  }
  .role {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.875rem;
  }
`;

/** testimonials: quotes with their author, role and avatar. */
export function Testimonials({ props }: { props: ComponentProps<'testimonials'> }) {
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Grid>
        {props.items.map((item, i) => (
          <li key={`${i}-${item.author}`}>
            <Card>
              <blockquote>
                <p style={{ margin: 0 }}>{item.quote}</p>
              </blockquote>
              <figcaption>
                {item.avatar ? <img src={item.avatar.url} alt={item.avatar.alt} loading="lazy" /> : null}
                <span>
                  <strong>{item.author}</strong>
                  {item.role ? <span className="role">{item.role}</span> : null}
                </span>
              </figcaption>
            </Card>
          </li>
        ))}
      </Grid>
    </Inner>
  );
}
