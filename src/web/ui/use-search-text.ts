import { useEffect, useState } from 'react';

/**
 * Where a search box's settled query lives when the hook does not keep it: in the address or a list's state.
 * `set` should keep its identity between renders (a state setter or a `useCallback`), or each render starts
 * the pause again.
 */
export type SettledQuery = { q: string; set: (q: string) => void };

/**
 * A search box's text as typed, and the query it settles into (trimmed) once typing has paused for
 * `pauseMs`: a search is sent for the settled query, not for every key. The hook keeps the query itself
 * (starting empty), or, given `settled`, the box starts from `settled.q` and hands each new query to
 * `settled.set`.
 */
export function useSearchText(
  pauseMs = 300,
  settled?: SettledQuery,
): { text: string; setText: (text: string) => void; q: string } {
  const [text, setText] = useState(settled?.q ?? '');
  const [own, setOwn] = useState('');
  const q = settled ? settled.q : own;
  const set = settled ? settled.set : setOwn;
  useEffect(() => {
    const term = text.trim();
    if (term === q) return;
    const timer = setTimeout(() => set(term), pauseMs);
    return () => clearTimeout(timer);
  }, [text, q, set, pauseMs]);
  return { text, setText, q };
}
