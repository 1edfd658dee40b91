import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, following changes (a phone turned sideways, a window resized). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** From Tailwind's `sm:` up: room for a popover beside its button. */
export const SM_UP = '(min-width: 640px)';
