import { INDIA_STATES, INDIA_UNION_TERRITORIES } from '../../domain/india-states';

/** The options of a State select: a blank prompt, then India's states and union territories in two groups. */
export function StateOptions({ prompt = 'Select state' }: { prompt?: string }) {
  return (
    <>
      <option value="">{prompt}</option>
      <optgroup label="States">
        {INDIA_STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </optgroup>
      <optgroup label="Union territories">
        {INDIA_UNION_TERRITORIES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </optgroup>
    </>
  );
}
