import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from 'zod';
import type { DetailsSaved } from '../../../contracts/admin-details.contract';
import { maxLengthOf } from '../../../contracts/common.contract';
import { api } from '../../api/client';
import { placeFieldErrors } from '../../api/field-errors';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { CashbackInput, PhoneInput } from '../../ui/AuthFormParts';
import { AdminActionDialog } from './admin-action-dialog';
import { actionError } from './step-up-dialog';

/** One field of an edit form: a labelled control of the kind the owner's own form uses. */
export type EditField<V extends FieldValues> = {
  name: Path<V>;
  label: string;
  control?: 'text' | 'phone' | 'date' | 'url' | 'textarea' | 'select' | 'cashback';
  required?: boolean;
  hint?: string;
  /** A select's choices; the first option is empty ('Choose ...'). */
  choices?: readonly { value: string; label: string }[];
  /** Spans both columns on a wide screen. */
  wide?: boolean;
};

/**
 * What the super admin edits of one kind of record: its details endpoint
 * (`/api/admin/<path>/:id/details`), the owner's contract and the fields of the owner's form.
 */
export type EditDetailsForm<V extends FieldValues, D> = {
  /** 'users', 'vendors', ...: the admin list the record belongs to. */
  path: string;
  /** 'user', 'vendor', ...: for the title ('Edit user details'). */
  noun: string;
  schema: z.ZodType<D, V> & { shape: Record<string, z.ZodType> };
  fields: readonly EditField<V>[];
  messages: { updated: string; failed: string };
};

/** The record being edited: its id and how the admin recognises it (a name and email). */
export type EditTarget = { id: string; label: string };

const title = (form: { noun: string }) => `Edit ${form.noun} details`;
export const detailsKey = (path: string, id: string) => ['admin', path, id, 'details'] as const;

/** The form's starting values from the record: each field's current value, empty text for none. */
export function formValuesOf<V extends FieldValues>(
  details: Record<string, unknown>,
  fields: readonly EditField<V>[],
): V {
  return Object.fromEntries(fields.map((f) => [f.name, details[f.name] ?? ''])) as V;
}

/** How a value reads in the list of changes: a choice's label, 'empty' for nothing. */
function shown(field: EditField<FieldValues>, value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  if (text === '') return 'empty';
  return field.choices?.find((c) => c.value === text)?.label ?? text;
}

/** The fields whose saved value differs from the record's, old and new, as the code step lists them. */
export function changesOf<V extends FieldValues>(
  fields: readonly EditField<V>[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  return fields
    .map((f) => ({
      label: f.label,
      from: shown(f as EditField<FieldValues>, before[f.name]),
      to: shown(f as EditField<FieldValues>, after[f.name]),
    }))
    .filter((c) => c.from !== c.to);
}

function FieldControl<V extends FieldValues>({
  field,
  register,
  errors,
  shape,
}: {
  field: EditField<V>;
  register: UseFormRegister<V>;
  errors: FieldErrors<V>;
  shape: Record<string, z.ZodType>;
}) {
  const error = errors[field.name]?.message as string | undefined;
  const props = {
    label: field.label,
    required: field.required,
    hint: field.hint,
    error,
    autoComplete: 'off',
    ...register(field.name),
  };
  const maxLength = maxLengthOf(shape[field.name]);
  switch (field.control) {
    case 'phone':
      return <PhoneInput {...props} />;
    case 'cashback': {
      // The merchant's own cashback field, with its label, range and % sign.
      const { label: _label, ...rest } = props;
      return <CashbackInput {...rest} />;
    }
    case 'date':
      return <Input type="date" {...props} />;
    case 'url':
      return <Input type="url" autoCapitalize="none" spellCheck={false} maxLength={maxLength} {...props} />;
    case 'textarea':
      return <Textarea rows={2} maxLength={maxLength} {...props} />;
    case 'select':
      return (
        <Select {...props}>
          <option value="">Choose {field.label.toLowerCase()}</option>
          {field.choices?.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      );
    default:
      return <Input maxLength={maxLength} {...props} />;
  }
}

/** The details loaded: the form (checked by the owner's contract), then the code step that lists the changes and saves them. */
function EditSteps<V extends FieldValues, D>({
  form,
  target,
  details,
  onClose,
}: {
  form: EditDetailsForm<V, D>;
  target: EditTarget;
  details: Record<string, unknown>;
  onClose: () => void;
}) {
  const formId = useId();
  const [defaults] = useState(() => formValuesOf(details, form.fields));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<V, unknown, D>({
    resolver: zodResolver(form.schema),
    defaultValues: defaults as DefaultValues<V>,
    mode: 'onTouched',
  });
  // The checked values wait here for the fresh code; Cancel there comes back to the form as it was.
  const [pending, setPending] = useState<D | null>(null);
  const names = form.fields.map((f) => f.name);
  const changes = pending === null ? [] : changesOf(form.fields, defaults, pending as Record<string, unknown>);

  return (
    <>
      <Frame
        form={form}
        open={pending === null}
        onClose={onClose}
        action={
          <Button type="submit" form={formId} disabled={!isDirty}>
            Continue
          </Button>
        }
      >
        <form
          id={formId}
          onSubmit={handleSubmit((values) => setPending(values))}
          noValidate
          aria-label={title(form)}
          className="space-y-4"
        >
          <p className="break-words text-sm text-slate-700">
            <span className="font-medium text-slate-900">{target.label}</span>. The same rules apply as on their own
            form; saving asks for a fresh code.
          </p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {form.fields.map((field) => (
              <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
                <FieldControl field={field} register={register} errors={errors} shape={form.schema.shape} />
              </div>
            ))}
          </div>
        </form>
      </Frame>
      <AdminActionDialog
        pending={pending}
        onClose={() => setPending(null)}
        onDone={onClose}
        request={(values) => ({
          path: `/api/admin/${form.path}/${target.id}/details`,
          method: 'PUT',
          body: values as Record<string, unknown>,
          success: (answer) => (answer as DetailsSaved<unknown>).message,
          failure: form.messages.failed,
          toast: `${form.noun}-details`,
          // A field the server refused: back to the form, the message under the field.
          onError: (e) => {
            if (placeFieldErrors(e, names, setError) > 0) setPending(null);
          },
        })}
        title={title(form)}
        actionLabel="Save changes"
        description={<ChangeList target={target} changes={changes} />}
      />
    </>
  );
}

function ChangeList({
  target,
  changes,
}: {
  target: EditTarget;
  changes: { label: string; from: string; to: string }[];
}) {
  if (changes.length === 0)
    return <p>Nothing differs from the saved details of {target.label}; saving records that.</p>;
  return (
    <>
      <p>
        Changes to <span className="font-medium text-slate-900">{target.label}</span>:
      </p>
      <ul className="mt-2 space-y-1" aria-label="Changes">
        {changes.map((c) => (
          <li key={c.label} className="break-words">
            <span className="font-medium text-slate-900">{c.label}</span>:{' '}
            <del className="text-slate-500">{c.from}</del> → <ins className="no-underline">{c.to}</ins>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The edit's dialog: its title, Cancel, and the step's own button when it has one. */
function Frame({
  form,
  open = true,
  onClose,
  action,
  children,
}: {
  form: { noun: string };
  open?: boolean;
  onClose: () => void;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title(form)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {action}
        </>
      }
    >
      {children}
    </Modal>
  );
}

/**
 * The Edit action's dialog of an admin tab, for any kind of record: loads the details, shows the
 * owner's form fields checked by the owner's contract (errors under the fields, the server's too),
 * then asks for a fresh code with the changes listed, saves, and refreshes the lists with a toast.
 */
export function AdminEditDetailsDialog<V extends FieldValues, D>({
  form,
  target,
  onClose,
}: {
  form: EditDetailsForm<V, D>;
  target: EditTarget | null;
  onClose: () => void;
}) {
  const details = useQuery({
    queryKey: detailsKey(form.path, target?.id ?? ''),
    queryFn: () => api.get<Record<string, unknown>>(`/api/admin/${form.path}/${target?.id}/details`),
    enabled: target !== null,
    // Each opening loads the record afresh (nothing kept once closed), and a refetch never resets what is typed.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (target === null) return null;
  if (details.isPending)
    return (
      <Frame form={form} onClose={onClose}>
        <LoadingRegion label="Loading the details">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {form.fields.map((f) => (
              <Skeleton key={f.name} className="h-16" />
            ))}
          </div>
        </LoadingRegion>
      </Frame>
    );
  if (details.isError)
    return (
      <Frame form={form} onClose={onClose}>
        <ErrorState
          message={actionError(details.error, `Could not load the ${form.noun}'s details`)}
          onRetry={() => void details.refetch()}
        />
      </Frame>
    );
  return <EditSteps key={target.id} form={form} target={target} details={details.data} onClose={onClose} />;
}

/**
 * The Edit action of a list tab: a button per row and the edit dialog to render once (like
 * useDeleteAction).
 */
export function useEditDetailsAction<V extends FieldValues, D>(form: EditDetailsForm<V, D>) {
  const [target, setTarget] = useState<EditTarget | null>(null);
  const button = (id: string, label: string) => (
    <Button size="sm" variant="secondary" onClick={() => setTarget({ id, label })} aria-label={`Edit ${label}`}>
      Edit
    </Button>
  );
  const dialog = <AdminEditDetailsDialog form={form} target={target} onClose={() => setTarget(null)} />;
  return { button, dialog };
}
