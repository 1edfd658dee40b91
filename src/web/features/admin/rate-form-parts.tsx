import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { rateStatusLabels, type RateAdded, type RateStatus } from '../../../contracts/settlement-rates.contract';
import { todayInIndia } from '../../../domain/age';
import { api, ApiError } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { Input } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { formatDate } from '../../ui/format-date';
import { StatusBadge } from '../../ui/StatusBadge';
import { actionError, StepUpDialog } from './step-up-dialog';

/** A rate as people read it: 8.5%, 0.1%. */
export const percentText = (ratePercent: number) =>
  `${ratePercent.toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`;

/** A rate's date (YYYY-MM-DD) as UI.md writes dates: 22 Sep 2025. */
export const dayText = (isoDate: string) => formatDate(`${isoDate}T00:00:00+05:30`);

/** The earliest date a new rate may start from: today in India. */
export const earliestRateDay = () => todayInIndia();

type ConfirmedAddOptions<T extends FieldValues> = {
  path: string;
  /** The form's fields, where the server's per-field refusals are shown. */
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  /** 'Failed to ...', before a refusal's message. */
  failure: string;
  toast: string;
  /** After the row is added: clear the form, close it. */
  onDone: () => void;
};

/**
 * An add form's checked values wait for the fresh code in the step-up dialog, then go to the server.
 * A wrong code is asked for again in the dialog; a refusal of the values (400, 409) closes it and
 * shows each message under its field (or above the form), the typed values kept.
 */
export function useConfirmedAdd<T extends FieldValues, D extends object>({
  path,
  fields,
  setError,
  failure,
  toast,
  onDone,
}: ConfirmedAddOptions<T>) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<D | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const confirm = async (code: string): Promise<string | null> => {
    if (pending === null) return null;
    try {
      const answer = await api.post<RateAdded>(path, { ...pending, code });
      notify.success(answer.message, { action: toast });
      setPending(null);
      onDone();
      void qc.invalidateQueries({ queryKey: ['admin'] });
      return null;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 409)) {
        setPending(null);
        if (placeFieldErrors(e, fields, setError) === 0) setFormError(`${failure}: ${e.message}`);
        return null;
      }
      return actionError(e, failure);
    }
  };
  return {
    pending,
    ask: (values: D) => {
      setFormError(null);
      setPending(values);
    },
    cancel: () => setPending(null),
    confirm,
    formError,
  };
}

/**
 * An add form of the tab: checked by `schema` once a field is touched, starting from `empty()`, its
 * checked values confirmed with a fresh code (`add`, as useConfirmedAdd) and the form emptied once added.
 */
function useRateAddForm<T extends FieldValues, D extends object>(
  schema: z.ZodType<D, T>,
  empty: () => T,
  options: Omit<ConfirmedAddOptions<T>, 'setError'>,
) {
  const form = useForm<T, unknown, D>({
    resolver: zodResolver(schema),
    defaultValues: empty() as DefaultValues<T>,
    mode: 'onTouched',
  });
  const add = useConfirmedAdd<T, D>({
    ...options,
    setError: form.setError,
    onDone: () => {
      form.reset(empty());
      options.onDone();
    },
  });
  return { ...form, add };
}

/** A section's add form: the button that opens it (`label`), the form's id and the form itself. */
type SectionAddForm = { label: string; form: string; render: (onDone: () => void) => ReactNode };

/**
 * One section of the tab: its heading, a line on what it is, its button (`action`, or the one that opens
 * and closes the `add` form, shown above the table and closed once it has added) and its table.
 */
export function RatesSection({
  id,
  title,
  lead,
  action,
  add,
  children,
}: {
  id: string;
  title: string;
  lead: ReactNode;
  action?: ReactNode;
  add?: SectionAddForm;
  children: ReactNode;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{lead}</p>
        </div>
        {add ? (
          <AddFormToggle open={adding} onToggle={() => setAdding((a) => !a)} controls={add.form} label={add.label} />
        ) : (
          action
        )}
      </div>
      {add && adding && add.render(() => setAdding(false))}
      {children}
    </section>
  );
}

/** The fixed paging props of a short list shown whole (no pages, no sorting). */
export const wholeList = (count: number) => ({
  total: count,
  page: 1,
  pageSize: Math.max(count, 1),
  onPage: () => undefined,
  sort: '',
  dir: 'desc' as const,
  onSort: () => undefined,
});

/** A section's add button: opens the add form below the heading, and closes it again. */
function AddFormToggle({
  open,
  onToggle,
  controls,
  label,
}: {
  open: boolean;
  onToggle: () => void;
  /** The id of the form it opens. */
  controls: string;
  label: string;
}) {
  return (
    <Button variant={open ? 'secondary' : 'primary'} onClick={onToggle} aria-expanded={open} aria-controls={controls}>
      {open ? 'Close form' : label}
    </Button>
  );
}

/**
 * An add form whose checked values wait for the fresh code: the form (its refusal above the fields,
 * 'Review and confirm' below) and the step-up dialog that says what will be added.
 */
function ConfirmedAddForm<D extends object>({
  id,
  label,
  title,
  add,
  onSubmit,
  describe,
  children,
}: {
  id: string;
  /** The form's accessible name: 'Add a tax rate'. */
  label: string;
  /** The dialog's title and its button: 'Add tax rate'. */
  title: string;
  add: Pick<ReturnType<typeof useConfirmedAdd<FieldValues, D>>, 'pending' | 'formError' | 'cancel' | 'confirm'>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What will be added, in a sentence. */
  describe: (pending: D) => string;
  children: ReactNode;
}) {
  const pending = add.pending;
  return (
    <>
      <form
        id={id}
        onSubmit={onSubmit}
        noValidate
        className="space-y-4 rounded-lg border border-violet-200 bg-violet-50/40 p-4"
        aria-label={label}
      >
        {add.formError && <Alert tone="error">{add.formError}</Alert>}
        {children}
        <Button type="submit">Review and confirm</Button>
      </form>
      <StepUpDialog
        open={pending !== null}
        title={title}
        actionLabel={title}
        description={pending && <p>{describe(pending)}</p>}
        onCancel={add.cancel}
        onConfirm={add.confirm}
      />
    </>
  );
}

/** A rate in percent: 0 to 100, up to two decimals. */
function RatePercentInput({
  label,
  field,
  error,
  placeholder,
  hint,
}: {
  label: string;
  field: UseFormRegisterReturn;
  error?: string;
  placeholder?: string;
  hint?: string;
}) {
  return (
    <Input
      label={label}
      required
      type="number"
      inputMode="decimal"
      min="0"
      max="100"
      step="0.01"
      placeholder={placeholder}
      error={error}
      hint={hint}
      {...field}
    />
  );
}

/** The day a new rate starts from: today in India or later. */
function EffectiveFromInput({
  field,
  error,
  hinted = true,
}: {
  field: UseFormRegisterReturn;
  error?: string;
  /** Whether 'Today or later' is said under the field. */
  hinted?: boolean;
}) {
  return (
    <Input
      label="Effective from"
      required
      type="date"
      min={earliestRateDay()}
      error={error}
      hint={hinted ? 'Today or later (India time)' : undefined}
      {...field}
    />
  );
}

/** A new rate's percent and the day it starts from, side by side in the form's grid. */
export function RateFields({
  label,
  placeholder,
  hint,
  register,
  errors,
  fromHinted,
}: {
  label: string;
  placeholder?: string;
  hint?: string;
  /** The form's register: the two fields are its ratePercent and effectiveFrom. */
  register: (name: 'ratePercent' | 'effectiveFrom') => UseFormRegisterReturn;
  /** The form's errors: the two fields' messages are shown under them. */
  errors: { ratePercent?: { message?: string }; effectiveFrom?: { message?: string } };
  fromHinted?: boolean;
}) {
  return (
    <>
      <RatePercentInput
        label={label}
        placeholder={placeholder}
        error={errors.ratePercent?.message}
        hint={hint}
        field={register('ratePercent')}
      />
      <EffectiveFromInput error={errors.effectiveFrom?.message} field={register('effectiveFrom')} hinted={fromHinted} />
    </>
  );
}

type AddRequest<T extends FieldValues> = Omit<ConfirmedAddOptions<T>, 'setError' | 'onDone'>;

/**
 * A section's add form of a dated rate: checked by `schema`, starting from `blank()` with today in India
 * as its first day (earliestRateDay), confirmed with a fresh code and sent as `request` says
 * (useConfirmedAdd); `children` lays out its fields.
 */
export function RateAddForm<T extends FieldValues & { effectiveFrom: string }, D extends object>({
  schema,
  blank,
  request,
  onDone,
  children,
  ...form
}: {
  schema: z.ZodType<D, T>;
  blank: () => Omit<T, 'effectiveFrom'>;
  request: AddRequest<T>;
  onDone: () => void;
  children: (form: UseFormReturn<T, unknown, D>) => ReactNode;
} & Pick<Parameters<typeof ConfirmedAddForm<D>>[0], 'id' | 'label' | 'title' | 'describe'>) {
  const { add, ...fields } = useRateAddForm(schema, () => ({ ...blank(), effectiveFrom: earliestRateDay() }) as T, {
    ...request,
    onDone,
  });
  return (
    <ConfirmedAddForm {...form} add={add} onSubmit={fields.handleSubmit(add.ask)}>
      {children(fields)}
    </ConfirmedAddForm>
  );
}

/** What every list of dated rates shows of a rate: the rate, the day it applies from, and its status. */
type DatedRate = { ratePercent: number; effectiveFrom: string; status: RateStatus };

/** The columns of a dated rate, the same in each list of them. */
export const rateColumns = {
  rate: { key: 'rate', header: 'Rate', numeric: true, render: (r) => percentText(r.ratePercent) },
  from: { key: 'from', header: 'From', render: (r) => dayText(r.effectiveFrom) },
  status: {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge status={r.status} text={rateStatusLabels[r.status]} />,
  },
} satisfies Record<string, Column<DatedRate>>;
