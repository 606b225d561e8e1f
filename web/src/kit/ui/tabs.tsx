import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
} from 'react-aria-components';
import styled from 'styled-components';

export const Tabs = styled(AriaTabs)`
  display: flex;
  flex-direction: column;
`;

export const TabList = styled(AriaTabList)`
  display: flex;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
` as typeof AriaTabList;

export const Tab = styled(AriaTab)`
  padding: 0.5rem 1rem;
  cursor: pointer;
  border-bottom: 3px solid transparent;
  outline: none;
  &[data-selected] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
  }
`;

export const TabPanel = styled(AriaTabPanel)`
  padding: 1rem 0;
  outline: none;
  &[data-focus-visible] {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
  }
`;
