import { Check, Plus, Wand2, X } from 'lucide-react';
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { FieldError, FieldErrors } from 'react-hook-form';
import {
  MAX_OPTION_TEXT,
  type ProductVariantInput,
  type VendorProductInput,
} from '../../../contracts/vendor-products.contract';
import { MAX_OPTION_VALUES, MAX_PRODUCT_OPTIONS, variantLabel } from '../../../domain/variants';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Input } from '../../ui/Field';
import type { ImageItem } from '../../ui/ImageUploader';
import { combinationRows, newValues, rowKey, suggestSkus, type OptionDraft } from './product-options';

/** Which gallery pictures (by the uploader's item key) each combination shows, by row key. */
export type VariantPictures = Record<string, string[]>;

type ProductOptionsEditorProps = {
  options: OptionDraft[];
  variants: ProductVariantInput[];
  onChange: (next: { options: OptionDraft[]; variants: ProductVariantInput[] }) => void;
  pictures: VariantPictures;
  onPicturesChange: (next: VariantPictures) => void;
  /** The product's gallery: a combination shows some of these pictures. */
  gallery: ImageItem[];
  errors: Pick<FieldErrors<VendorProductInput>, 'options' | 'variants'>;
  productName: string;
  /** The product's price as typed: the placeholder of a combination's own price. */
  productPrice: string;
  disabled?: boolean;
};

const placeholders = ['Size', 'Colour'];
const valueExamples = ['S, M, L, XL', 'Indigo, Maroon'];
const messageOf = (e: unknown): string | undefined =>
  (e as FieldError | undefined)?.message ?? (e as { root?: FieldError } | undefined)?.root?.message;

/**
 * 'Sizes and colours': up to two options with their values (typed as chips, or comma-separated),
 * and one row per combination with its SKU, stock, own price and original price (optional: the
 * product's apply) and pictures chosen from the product's gallery. Rows of combinations that remain
 * keep what was typed when values are added or removed.
 */
export function ProductOptionsEditor({
  options,
  variants,
  onChange,
  pictures,
  onPicturesChange,
  gallery,
  errors,
  productName,
  productPrice,
  disabled,
}: ProductOptionsEditorProps) {
  const setOptions = (next: OptionDraft[]) => onChange({ options: next, variants: combinationRows(next, variants) });
  const patchOption = (i: number, change: Partial<OptionDraft>) =>
    setOptions(options.map((o, j) => (j === i ? { ...o, ...change } : o)));
  const patchRow = (i: number, change: Partial<ProductVariantInput>) =>
    onChange({ options, variants: variants.map((v, j) => (j === i ? { ...v, ...change } : v)) });
  const names = {
    option1Name: options[0]?.name.trim() || placeholders[0],
    option2Name: options[1] ? options[1].name.trim() || placeholders[1] : null,
  };
  const rowsError = messageOf(errors.variants);
  const optionsError = messageOf(errors.options);

  return (
    <section
      aria-labelledby="product-options-title"
      className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4"
    >
      <div>
        <h3 id="product-options-title" className="text-sm font-semibold text-slate-900">
          Sizes and colours
        </h3>
        <p className="text-xs text-slate-600">
          Optional. Add up to {MAX_PRODUCT_OPTIONS} options, such as Size and Colour: every combination gets its own SKU
          and stock, and may have its own price and pictures.
        </p>
      </div>

      {options.map((o, i) => (
        <OptionFields
          key={i}
          index={i}
          option={o}
          disabled={disabled}
          errors={errors.options?.[i]}
          onChange={(change) => patchOption(i, change)}
          onRemove={() => setOptions(options.filter((_, j) => j !== i))}
        />
      ))}
      {optionsError && (
        <p role="alert" className="text-sm text-red-600">
          {optionsError}
        </p>
      )}
      {options.length < MAX_PRODUCT_OPTIONS && (
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => setOptions([...options, { name: '', values: [] }])}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          {options.length === 0 ? 'Add sizes or colours' : 'Add another option'}
        </Button>
      )}

      {variants.length > 0 && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-medium text-slate-800">
              {variants.length} {variants.length === 1 ? 'combination' : 'combinations'}
            </h4>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled || variants.every((v) => v.sku.trim())}
              onClick={() => onChange({ options, variants: suggestSkus(productName, variants) })}
            >
              <Wand2 className="h-4 w-4" aria-hidden="true" />
              Fill SKUs
            </Button>
          </div>
          {rowsError && (
            <p role="alert" className="text-sm text-red-600">
              {rowsError}
            </p>
          )}
          <ul className="space-y-2">
            {variants.map((v, i) => (
              <CombinationRow
                key={i}
                label={variantLabel(names, { option1Value: v.option1Value, option2Value: v.option2Value ?? null })}
                row={v}
                errors={errors.variants?.[i]}
                productPrice={productPrice}
                gallery={gallery}
                chosen={pictures[rowKey(v)] ?? []}
                onPictures={(keys) => onPicturesChange({ ...pictures, [rowKey(v)]: keys })}
                onChange={(change) => patchRow(i, change)}
                disabled={disabled}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type OptionErrors = NonNullable<NonNullable<FieldErrors<VendorProductInput>['options']>[number]>;

/** One option: its name and its values as removable chips, typed one by one or comma-separated. */
function OptionFields({
  index,
  option,
  onChange,
  onRemove,
  errors,
  disabled,
}: {
  index: number;
  option: OptionDraft;
  onChange: (c: Partial<OptionDraft>) => void;
  onRemove: () => void;
  errors?: OptionErrors;
  disabled?: boolean;
}) {
  const valuesId = useId();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const full = option.values.length >= MAX_OPTION_VALUES;

  const add = (typed: string) => {
    const added = newValues(typed, option.values);
    const room = MAX_OPTION_VALUES - option.values.length;
    const tooLong = added.find((v) => v.length > MAX_OPTION_TEXT);
    if (tooLong) {
      setNotice(`"${tooLong}" is longer than ${MAX_OPTION_TEXT} characters`);
      return;
    }
    setNotice(
      added.length > room
        ? `An option can have at most ${MAX_OPTION_VALUES} values`
        : typed.trim() && added.length === 0
          ? 'That value is already there'
          : null,
    );
    if (added.length > 0) onChange({ values: [...option.values, ...added.slice(0, room)] });
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the value instead of submitting the product form.
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && option.values.length > 0) {
      onChange({ values: option.values.slice(0, -1) });
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!pasted.includes(',') && !pasted.includes('\n')) return;
    e.preventDefault();
    add(pasted.replace(/\n/g, ','));
  };
  const valueErrors = errors?.values;
  const valuesError =
    messageOf(valueErrors) ?? (Array.isArray(valueErrors) ? valueErrors.map(messageOf).find(Boolean) : undefined);
  const shownError = notice ?? valuesError;
  const displayName = option.name.trim() || placeholders[index];

  return (
    <fieldset className="space-y-2 rounded-lg bg-slate-50 p-3">
      <legend className="sr-only">Option {index + 1}</legend>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <Input
            label={`Option ${index + 1} name`}
            required
            placeholder={placeholders[index]}
            maxLength={MAX_OPTION_TEXT}
            value={option.name}
            disabled={disabled}
            error={errors?.name?.message}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="mb-0.5 text-red-700 hover:bg-red-50"
          disabled={disabled}
          onClick={onRemove}
          aria-label={`Remove the option ${displayName}`}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
      <div className="space-y-1">
        <label htmlFor={valuesId} className="block text-sm font-medium text-slate-700">
          {displayName} values
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </label>
        <div
          className={cn(
            'flex flex-wrap items-center gap-1.5 rounded-lg border bg-white p-1.5 focus-within:ring-2 focus-within:ring-violet-600',
            shownError ? 'border-red-500' : 'border-slate-300',
          )}
        >
          {option.values.map((value, j) => (
            <span
              key={`${value}-${j}`}
              className="inline-flex items-center gap-1 rounded-md bg-violet-50 py-0.5 pl-2 pr-0.5 text-sm text-violet-900"
            >
              {value}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange({ values: option.values.filter((_, k) => k !== j) })}
                aria-label={`Remove ${displayName} ${value}`}
                className="flex h-6 w-6 items-center justify-center rounded hover:bg-violet-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </span>
          ))}
          <input
            id={valuesId}
            value={text}
            disabled={disabled || full}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onBlur={() => text.trim() && add(text)}
            placeholder={option.values.length === 0 ? valueExamples[index] : full ? 'No more values' : 'Add a value'}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={`${valuesId}-${shownError ? 'error' : 'hint'}`}
            className="min-w-[8rem] flex-1 border-0 bg-transparent px-1.5 py-1 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
          />
        </div>
        {shownError ? (
          <p id={`${valuesId}-error`} role="alert" className="text-sm text-red-600">
            {shownError}
          </p>
        ) : (
          <p id={`${valuesId}-hint`} className="text-xs text-slate-500">
            Type a value and press Enter or a comma; or paste a list. Up to {MAX_OPTION_VALUES}.
          </p>
        )}
      </div>
    </fieldset>
  );
}

type RowErrors = NonNullable<NonNullable<FieldErrors<VendorProductInput>['variants']>[number]>;

type CombinationRowProps = {
  label: string;
  row: ProductVariantInput;
  errors?: RowErrors;
  productPrice: string;
  gallery: ImageItem[];
  chosen: string[];
  onPictures: (keys: string[]) => void;
  onChange: (change: Partial<ProductVariantInput>) => void;
  disabled?: boolean;
};

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** One combination as a card: SKU, stock, own price and original price, and its pictures from the gallery. On wider screens the fields sit in one line. */
function CombinationRow({
  label,
  row,
  errors,
  productPrice,
  gallery,
  chosen,
  onPictures,
  onChange,
  disabled,
}: CombinationRowProps) {
  const valueError = errors?.option1Value?.message ?? errors?.option2Value?.message;
  const picturesError =
    messageOf(errors?.images) ??
    (Array.isArray(errors?.images) ? errors.images.map(messageOf).find(Boolean) : undefined);
  const toggle = (key: string) => onPictures(chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]);
  return (
    <li>
      <fieldset className={cn('rounded-lg border bg-white p-3', errors ? 'border-red-300' : 'border-slate-200')}>
        <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
        {valueError && (
          <p role="alert" className="mb-1 text-sm text-red-600">
            {valueError}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="col-span-2 sm:col-span-1">
            <Input
              label="SKU"
              required
              autoComplete="off"
              maxLength={64}
              value={row.sku}
              disabled={disabled}
              error={errors?.sku?.message}
              onChange={(e) => onChange({ sku: e.target.value })}
            />
          </div>
          <Input
            label="Stock"
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            value={text(row.stockQuantity)}
            disabled={disabled}
            error={errors?.stockQuantity?.message}
            onChange={(e) => onChange({ stockQuantity: e.target.value })}
          />
          <Input
            label="Price (₹)"
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder={productPrice || 'Product price'}
            value={text(row.price)}
            disabled={disabled}
            error={errors?.price?.message}
            onChange={(e) => onChange({ price: e.target.value })}
          />
          <div className="col-span-2 sm:col-span-1">
            <Input
              label="Original price (₹)"
              type="number"
              inputMode="decimal"
              min="0.01"
              step="0.01"
              value={text(row.originalPrice)}
              disabled={disabled}
              error={errors?.originalPrice?.message}
              onChange={(e) => onChange({ originalPrice: e.target.value })}
            />
          </div>
        </div>
        <div className="mt-2">
          <p className="text-xs font-medium text-slate-700">Pictures</p>
          {gallery.length === 0 ? (
            <p className="text-xs text-slate-500">
              Add images to the product above, then choose the ones that show this combination.
            </p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Pictures of ${label}`}>
              {gallery.map((item, k) => {
                const on = chosen.includes(item.key);
                return (
                  <li key={item.key}>
                    <button
                      type="button"
                      disabled={disabled}
                      aria-pressed={on}
                      aria-label={`Image ${k + 1} for ${label}`}
                      onClick={() => toggle(item.key)}
                      className={cn(
                        'relative block h-12 w-12 overflow-hidden rounded-md border-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
                        on ? 'border-violet-700' : 'border-transparent opacity-70 hover:opacity-100',
                      )}
                    >
                      <img
                        src={item.preview}
                        alt={`Image ${k + 1}`}
                        width={48}
                        height={48}
                        className="h-full w-full object-cover"
                      />
                      {on && (
                        <span className="absolute right-0 top-0 rounded-bl bg-violet-700 p-0.5 text-white">
                          <Check className="h-3 w-3" aria-hidden="true" />
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {picturesError && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {picturesError}
            </p>
          )}
        </div>
      </fieldset>
    </li>
  );
}
