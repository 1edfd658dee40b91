import { useSyncExternalStore } from 'react';

// How far up from the bottom of the window an open dialog's buttons reach, so that toasts can sit
// above them instead of on them (null: no dialog, or its buttons are clear of the toasts' corner).

let inset: number | null = null;
const listeners = new Set<() => void>();

/** Said by the open dialog whenever its buttons move (open, resize, close). */
export function setDialogInset(value: number | null): void {
  if (value === inset) return;
  inset = value;
  for (const l of listeners) l();
}

/** The inset in px, or null. */
export function useDialogInset(): number | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => inset,
    () => null,
  );
}

/** The width of the corner where toasts appear (Sonner's toast width plus its margin). */
export const TOAST_AREA_WIDTH = 400;
/** Below this width Sonner lays toasts across the whole bottom of the screen. */
export const TOAST_FULL_WIDTH_BELOW = 600;
