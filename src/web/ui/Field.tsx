import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';

type FieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  id: string;
  children: ReactNode;
};

/** A label, the control, an optional hint and the error message linked with aria-describedby. */
export function Field({ label, error, hint, required, id, children }: FieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const control =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-violet-600 disabled:bg-slate-100 read-only:bg-slate-50';

function describedBy(id: string, error?: string, hint?: ReactNode) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/** The control's id: the one given, or one of its own. */
function useControlId(id: string | undefined): string {
  const auto = useId();
  return id ?? auto;
}

/** What every control carries: its id, whether it is invalid or required, its hint or error, and its class (`extra` before the caller's). */
function controlProps(
  id: string,
  { error, hint, required, className }: { error?: string; hint?: ReactNode; required?: boolean; className?: string },
  extra?: string,
) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: cn(control, error ? 'border-red-500' : 'border-slate-300', extra, className),
  };
}

type Common = { label: string; error?: string; hint?: ReactNode; suffix?: ReactNode };

/** A labelled text input. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Common>(function Input(
  { label, error, hint, suffix, id, required, className, ...rest },
  ref,
) {
  const inputId = useControlId(id);
  return (
    <Field label={label} error={error} hint={hint} required={required} id={inputId}>
      <div className="relative">
        <input
          ref={ref}
          {...controlProps(inputId, { error, hint, required, className }, suffix ? 'pr-10' : undefined)}
          {...rest}
        />
        {suffix && <div className="absolute inset-y-0 right-0 flex items-center pr-2">{suffix}</div>}
      </div>
    </Field>
  );
});

/** A labelled multi-line input. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & Common>(
  function Textarea({ label, error, hint, id, required, className, ...rest }, ref) {
    const inputId = useControlId(id);
    return (
      <Field label={label} error={error} hint={hint} required={required} id={inputId}>
        <textarea ref={ref} {...controlProps(inputId, { error, hint, required, className })} {...rest} />
      </Field>
    );
  },
);

/** A labelled select. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Common>(function Select(
  { label, error, hint, id, required, className, children, ...rest },
  ref,
) {
  const inputId = useControlId(id);
  return (
    <Field label={label} error={error} hint={hint} required={required} id={inputId}>
      <select ref={ref} {...controlProps(inputId, { error, hint, required, className })} {...rest}>
        {children}
      </select>
    </Field>
  );
});
