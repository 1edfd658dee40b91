import { useId } from 'react';
import { cn } from '../../ui/cn';
import { valueState, type ChoiceProduct, type OptionIndex, type VariantChoice } from './variant-choice';

/**
 * One group of buttons per option (Size, Colour): native radio buttons drawn as 44 px buttons, so
 * Tab reaches a group and the arrow keys move within it. A value sold out with the other chosen value
 * is struck through and says so to screen readers, and can still be chosen (the page then says
 * 'Out of stock'); 'Please choose a size' shows under the groups when Add to Cart came too early.
 */
export function VariantPicker({
  product,
  choice,
  onChoose,
  message,
  messageId,
}: {
  product: ChoiceProduct;
  choice: VariantChoice;
  onChoose: (index: OptionIndex, value: string) => void;
  /** The missing choice to show ('Please choose a size'), or null. */
  message: string | null;
  messageId: string;
}) {
  const groupId = useId();
  return (
    <div className="mt-5 space-y-4">
      {product.options.map((option, i) => {
        const index = i as OptionIndex;
        const chosen = index === 0 ? choice.option1Value : choice.option2Value;
        return (
          <fieldset key={option.name} aria-describedby={message ? messageId : undefined}>
            <legend className="text-sm font-semibold text-slate-900">
              {option.name}
              {chosen !== null && <span className="font-normal text-slate-700">: {chosen}</span>}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {option.values.map((value) => {
                const state = valueState(product, index, value, choice);
                return (
                  <label key={value} className="relative">
                    <input
                      type="radio"
                      name={`${groupId}-${index}`}
                      value={value}
                      checked={chosen === value}
                      onChange={() => onChoose(index, value)}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        'inline-flex min-h-11 min-w-11 cursor-pointer select-none items-center justify-center rounded-lg border px-3 text-sm font-medium transition-colors',
                        'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-700',
                        'peer-checked:border-violet-700 peer-checked:ring-1 peer-checked:ring-violet-700 peer-checked:bg-violet-50 peer-checked:text-violet-900',
                        state === 'available'
                          ? 'border-slate-300 bg-white text-slate-900 hover:border-slate-500'
                          : 'border-dashed border-slate-300 bg-slate-50 text-slate-600 line-through',
                      )}
                    >
                      {value}
                      {state === 'soldOut' && <span className="sr-only"> (sold out)</span>}
                      {state === 'unavailable' && <span className="sr-only"> (not available with this choice)</span>}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {message && (
        <p id={messageId} role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
