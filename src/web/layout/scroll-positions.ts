/** Where React Router keeps each history entry's scroll position (sessionStorage: one tab's). */
export const SCROLL_POSITIONS_KEY = 'haat-scroll-positions';

/**
 * A page opened afresh (an address typed, a bookmark, a link from another site) is history entry
 * "default" to React Router, as was every page opened afresh in this tab before it: without this
 * it would open scrolled to where the last of them was left. A reload, Back and Forward keep
 * their place. Runs before the router reads the positions.
 */
export function forgetFreshPageScroll(): void {
  try {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (entry?.type !== 'navigate') return;
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}') as Record<string, number>;
    delete saved.default;
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(saved));
  } catch {
    // No storage (or an unreadable entry): React Router keeps no positions to restore either.
  }
}
