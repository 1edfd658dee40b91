import type { UseFormReturn } from 'react-hook-form';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  priorities,
  projectFormSchema,
  projectStatuses,
  type Person,
  type Project,
  type ProjectFormData,
  type ProjectFormInput,
} from '../../../contracts/erp-work.contract';
import { rupeesForInput } from '../../../domain/money';
import { Input, Select, Textarea } from '../../ui/Field';
import { StatusOptions } from '../../ui/StatusBadge';
import { localToday } from '../../ui/format-date';
import { PersonSelect } from './person-select';

/** The form's values: a new project's defaults (starts today), or the project to edit (its budget in rupees). */
export function projectFormValues(project: Project | null): ProjectFormInput {
  return {
    name: project?.name ?? '',
    description: project?.description ?? '',
    status: project?.status ?? 'active',
    priority: project?.priority ?? 'medium',
    startDate: project?.startDate.slice(0, 10) ?? localToday(),
    endDate: project?.endDate?.slice(0, 10) ?? '',
    budget: rupeesForInput(project?.budgetPaise ?? null),
    projectManagerId: project?.manager?.id ?? '',
    clientName: project?.clientName ?? '',
    clientEmail: project?.clientEmail ?? '',
    clientPhone: project?.clientPhone ?? '',
  };
}

type ProjectFormFieldsProps = {
  /** The project form (`projectFormSchema`, values from `projectFormValues`). */
  form: Pick<
    UseFormReturn<ProjectFormInput, unknown, ProjectFormData>,
    'register' | 'setValue' | 'getValues' | 'formState'
  >;
  /** The approved employees to choose the manager from; undefined while they load. */
  managers: readonly Person[] | undefined;
  /** The employees could not be loaded (the picker then says so). */
  managersFailed: boolean;
  /** The project's manager now: still shown as chosen when no longer in `managers`. */
  currentManager: Person | null;
};

/**
 * The fields of Create New Project and Edit Project, shared by the ERP's dialog and the admin
 * panel's: name, description, status, priority, dates, budget in rupees, manager and client.
 */
export function ProjectFormFields({ form, managers, managersFailed, currentManager }: ProjectFormFieldsProps) {
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <>
      <Input
        label="Project name"
        required
        data-autofocus
        maxLength={maxLengthOf(projectFormSchema.shape.name)}
        error={errors.name?.message}
        {...register('name')}
      />
      <Textarea label="Description" rows={3} error={errors.description?.message} {...register('description')} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select label="Status" error={errors.status?.message} {...register('status')}>
          <StatusOptions values={projectStatuses} />
        </Select>
        <Select label="Priority" error={errors.priority?.message} {...register('priority')}>
          <StatusOptions values={priorities} />
        </Select>
        <Input label="Start date" type="date" required error={errors.startDate?.message} {...register('startDate')} />
        <Input label="End date" type="date" error={errors.endDate?.message} {...register('endDate')} />
        <Input
          label="Budget (₹)"
          inputMode="decimal"
          placeholder="250000"
          hint="In rupees; leave empty for none"
          error={errors.budget?.message}
          {...register('budget')}
        />
        <PersonSelect
          form={form}
          name="projectManagerId"
          label="Manager"
          none="No manager"
          people={managers}
          failed={managersFailed}
          current={currentManager}
          error={errors.projectManagerId?.message}
        />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Client</legend>
        <Input
          label="Client name"
          maxLength={maxLengthOf(projectFormSchema.shape.clientName)}
          error={errors.clientName?.message}
          {...register('clientName')}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Input
            label="Client email"
            type="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.clientEmail?.message}
            {...register('clientEmail')}
          />
          <Input
            label="Client phone"
            type="tel"
            inputMode="tel"
            placeholder="98765 43210"
            error={errors.clientPhone?.message}
            {...register('clientPhone')}
          />
        </div>
      </fieldset>
    </>
  );
}
