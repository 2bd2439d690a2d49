interface FilterToggleProps {
  /** The button's words ("Filter and sort"). */
  label: string;
  /** How many filters apply, shown beside the words; 0 shows none. */
  count: number;
  /** The button's name for screen readers while filters apply ("Filter and sort, 2 active"). */
  activeLabel: string;
}

/**
 * Narrow screens with scripts: the button that opens the filter drawer (the
 * route listens for `data-open-filter-drawer` by delegation, so it works in a
 * swapped-in fragment too), with the number of filters applied.
 */
export function FilterToggle({ label, count, activeLabel }: FilterToggleProps) {
  return (
    <button className="button button--secondary button--small filter-toggle js-only" type="button" aria-haspopup="dialog" {...(count > 0 ? { "aria-label": activeLabel } : {})} data-open-filter-drawer>
      <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 18 18">
        <path d="M2 4.5h14M2 13.5h14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        <circle cx="6" cy="4.5" r="2" fill="var(--color-bg)" stroke="currentColor" strokeWidth="1.6" />
        <circle cx="12" cy="13.5" r="2" fill="var(--color-bg)" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      {label}
      {count > 0 ? <span className="filter-toggle__count">{count}</span> : null}
    </button>
  );
}
