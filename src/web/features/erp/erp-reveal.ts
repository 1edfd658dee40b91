import { useEffect } from 'react';

/** What the header's search chose: a project or one of my tasks. */
export type ErpTarget = { kind: 'project' | 'task'; id: string };

/** The task card's element id (`task-{id}`), for the search to scroll to. */
export const taskCardId = (id: string) => `task-${id}`;

/** Marks a project's name (`data-project-id`): the table and its phone cards both carry it, so it is no id. */
export const PROJECT_ATTR = 'data-project-id';

/**
 * Once the list is `ready` (loaded, not a previous page), scrolls the first visible element matching
 * `selector` into view (and focuses it, if asked), then calls `onDone`; nothing happens when the
 * element is not on this page of the list.
 */
export function useReveal(selector: string | null, ready: boolean, onDone: () => void, focus = false) {
  useEffect(() => {
    if (!selector || !ready) return;
    const el = [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.getClientRects().length > 0);
    if (el) {
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
      if (focus) el.focus({ preventScroll: true });
    }
    onDone();
  }, [selector, ready, onDone, focus]);
}
