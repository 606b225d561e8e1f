import styled from 'styled-components';
import { fluidSize } from '../../kit/theme/theme.ts';

/**
 * The layout the statistics' screens share (/admin/stats, the software statistics): their controls (the period and
 * its filters) side by side while they fit, and their sections (a chart with its table of the same figures) in as
 * many columns as fit, a `wide` one across them all.
 */
export const StatsControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 1.5rem;
  > * {
    min-width: 0;
    max-width: 100%;
  }
  .type {
    min-width: min(14rem, 100%);
  }
`;

export const StatsSections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(30rem, 100%), 1fr));
  gap: 1.5rem;
  section {
    min-width: 0;
  }
  section.wide {
    grid-column: 1 / -1;
  }
  h2 {
    font-size: ${fluidSize(1.25)};
    margin: 0 0 0.75rem;
  }
  /* a long title, id, version or system breaks anywhere; a column's name and a number stay whole (the table scrolls
     in its region) */
  th[scope='row'] {
    overflow-wrap: anywhere;
    min-width: 8rem;
  }
  th[scope='col'],
  td {
    white-space: nowrap;
  }
  .number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
