import { useSyncExternalStore } from 'react';

// The cart's quantity saves, waiting out their pause or on their way to the server. Checkout asks
// for its amounts only once every one of them has landed (flushCartSaves), and shows 'Updating
// total…' meanwhile (useCartSaving), so it never shows or charges a total older than the cart.

type Line = {
  /** The pause before the save, while more taps may follow. */
  timer?: ReturnType<typeof setTimeout>;
  /** The save to send when the pause ends (or at once when flushed). */
  send?: () => Promise<unknown>;
  /** The line's saves in flight, one after another so the last tap is the last one saved. */
  chain: Promise<unknown> | null;
};

const lines = new Map<string, Line>();
const listeners = new Set<() => void>();

// A line is in the map exactly while it has a save waiting or in flight.
function changed() {
  for (const listener of listeners) listener();
}

function lineOf(key: string): Line {
  let line = lines.get(key);
  if (!line) lines.set(key, (line = { chain: null }));
  return line;
}

/** Sends the line's waiting save now, after the line's save already in flight. */
function sendNow(key: string) {
  const line = lines.get(key);
  if (!line?.send) return;
  clearTimeout(line.timer);
  const send = line.send;
  line.timer = undefined;
  line.send = undefined;
  // A failed save says so itself (its mutation's onError); the chain only orders the saves.
  const chain = (line.chain ?? Promise.resolve()).then(send).catch(() => undefined);
  line.chain = chain;
  void chain.then(() => {
    if (line.chain === chain) line.chain = null;
    if (!line.send && !line.chain) lines.delete(key);
    changed();
  });
  changed();
}

/** Saves a cart line after `delayMs` of quiet: a newer change to the same line replaces the waiting one. */
export function scheduleCartSave(key: string, send: () => Promise<unknown>, delayMs: number) {
  const line = lineOf(key);
  clearTimeout(line.timer);
  line.send = send;
  line.timer = setTimeout(() => sendNow(key), delayMs);
  changed();
}

/** Drops a line's waiting save (the line is being removed); a save already sent still lands. */
export function cancelCartSave(key: string) {
  const line = lines.get(key);
  if (!line) return;
  clearTimeout(line.timer);
  line.timer = undefined;
  line.send = undefined;
  if (!line.chain) lines.delete(key);
  changed();
}

/** Sends a line's waiting save now (its row is leaving the page). */
export const flushCartSave = (key: string) => sendNow(key);

/** Sends every waiting save now and resolves once every save has landed (or failed), including changes made meanwhile. */
export async function flushCartSaves(): Promise<void> {
  for (;;) {
    for (const key of [...lines.keys()]) sendNow(key);
    const inFlight = [...lines.values()].flatMap((l) => (l.chain ? [l.chain] : []));
    if (inFlight.length === 0) return;
    await Promise.all(inFlight);
  }
}

/** True while a cart save waits out its pause or is on its way: the cart on the server is not yet the one on screen. */
export const isCartSaving = (): boolean => lines.size > 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a cart save is waiting or in flight, as React state. */
export function useCartSaving(): boolean {
  return useSyncExternalStore(subscribe, isCartSaving, () => false);
}

/** Whether this line has a save waiting or in flight, as React state. */
export function useCartLineSaving(key: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => lines.has(key),
    () => false,
  );
}
