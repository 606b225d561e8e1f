/**
 * The few icons the shell draws, inline so they need no icon font (and no emoji font on the reader's
 * system). Decorative: the control that holds one carries the accessible name.
 */
const base = {
  width: '1.25em',
  height: '1.25em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export const GlobeIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </svg>
);

/** A magnifying glass: the search. */
export const SearchIcon = () => (
  <svg {...base}>
    <circle cx="10.5" cy="10.5" r="6" />
    <path d="M15 15l5.5 5.5" />
  </svg>
);

export const MenuIcon = () => (
  <svg {...base}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const CloseIcon = () => (
  <svg {...base}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

export const ChevronDownIcon = () => (
  <svg {...base} width="1em" height="1em">
    <path d="M6 9l6 6 6-6" />
  </svg>
);

/** "Aa" with a person: the accessibility settings. */
export const AccessibilityIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="4.5" r="1.5" />
    <path d="M5 8.5l7 1.5 7-1.5M12 10v4.5M9 21l3-6.5 3 6.5" />
  </svg>
);

/** The platform's mark: two overlapping circles, people sharing. */
export const LogoMark = () => (
  <svg {...base} width="70%" height="70%">
    <circle cx="9" cy="12" r="5.5" />
    <circle cx="15" cy="12" r="5.5" />
  </svg>
);
