import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { Person } from '../../../contracts/erp-work.contract';
import { Select } from '../../ui/Field';
import { personName } from '../../ui/erp-format';

type PersonSelectProps<V extends FieldValues> = {
  form: Pick<UseFormReturn<V>, 'register' | 'setValue' | 'getValues'>;
  /** The form's field holding the chosen person's id ('' for nobody). */
  name: Path<V>;
  label: string;
  /** The first choice, for nobody ('No manager', 'Unassigned'). */
  none: string;
  /** The approved, active employees to choose from; undefined while they load. */
  people: readonly Person[] | undefined;
  /** The employees could not be loaded (the picker then says so). */
  failed: boolean;
  /** The person chosen now: still shown as chosen when no longer among `people` (marked inactive since). */
  current: Person | null;
  error?: string;
};

/** A project's Manager or a task's Assignee: nobody, or one of the approved, active employees. */
export function PersonSelect<V extends FieldValues>({
  form,
  name,
  label,
  none,
  people,
  failed,
  current,
  error,
}: PersonSelectProps<V>) {
  const { register, setValue, getValues } = form;
  // The chosen person's option arrives with the employees: show it as chosen once it is there.
  useEffect(() => {
    if (people) setValue(name, getValues(name));
  }, [people, name, setValue, getValues]);

  const choices = people ?? [];
  const former = current && !choices.some((p) => p.id === current.id) ? current : null;
  return (
    <Select label={label} hint={failed ? 'Could not load the employees' : undefined} error={error} {...register(name)}>
      <option value="">{none}</option>
      {former && <option value={former.id}>{personName(former)}</option>}
      {choices.map((p) => (
        <option key={p.id} value={p.id}>
          {personName(p)}
        </option>
      ))}
    </Select>
  );
}
