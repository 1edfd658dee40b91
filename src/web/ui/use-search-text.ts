import { useEffect, useState } from 'react';

/**
 * A search box's text as typed, and the query it settles into (trimmed) once typing has paused for
 * `pauseMs`: a search is sent for the settled query, not for every key.
 */
export function useSearchText(pauseMs = 300): { text: string; setText: (text: string) => void; q: string } {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), pauseMs);
    return () => clearTimeout(timer);
  }, [text, pauseMs]);
  return { text, setText, q };
}
