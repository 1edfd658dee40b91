import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  addHsnCodeSchema,
  addHsnRateSchema,
  HSN_DESCRIPTION_MAX,
  rateMessages as m,
  type AddHsnCodeInput,
  type AddHsnRateData,
  type AddHsnRateInput,
  type HsnCode,
  type HsnCodeList,
  type RateAdded,
} from '../../../contracts/settlement-rates.contract';
import { api, ApiError } from '../../api/client';
import { useStaffCan } from '../../api/admin-session';
import { placeFieldErrors } from '../../api/field-errors';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input } from '../../ui/Field';
import { notify } from '../../ui/notify';
import {
  dayText,
  earliestRateDay,
  percentText,
  RateAddForm,
  RateFields,
  RatesSection,
  wholeList,
} from './rate-form-parts';
import { actionError, StepUpDialog } from './step-up-dialog';

const hsnKey = ['admin', 'hsn-codes'] as const;

const columns: Column<HsnCode>[] = [
  {
    key: 'code',
    header: 'HSN code',
    render: (c) => <span className="font-mono font-medium text-slate-900">{c.hsnCode}</span>,
  },
  { key: 'description', header: 'Description', render: (c) => c.description },
  {
    key: 'rate',
    header: 'GST in force',
    numeric: true,
    render: (c) => (c.current ? percentText(c.current.ratePercent) : <span className="text-slate-500">Not yet</span>),
  },
  {
    key: 'next',
    header: 'Next scheduled',
    render: (c) =>
      c.next ? (
        `${percentText(c.next.ratePercent)} from ${dayText(c.next.effectiveFrom)}`
      ) : (
        <span className="text-slate-500">None</span>
      ),
  },
];

/** The HSN list vendors choose a product's GST rate from: each code's rate today and its next change; add a code, change a rate. */
export function HsnCodesSection() {
  const list = useQuery({ queryKey: hsnKey, queryFn: () => api.get<HsnCodeList>('/api/admin/hsn-codes') });
  // Changing a code's rate is a tax rate change: the rates permission's.
  const canChangeRates = useStaffCan()('rates');
  const [changing, setChanging] = useState<HsnCode | null>(null);
  const items = list.data?.items;
  const unclassified = list.data?.unclassified;
  return (
    <RatesSection
      id="admin-hsn-codes"
      title="HSN codes"
      lead={
        <>
          Vendors choose each product's HSN code from this list, and its GST rate applies to the product's sales. A
          product with no code chosen pays{' '}
          {unclassified ? percentText(unclassified.ratePercent) : 'the rate of unclassified goods'} (the tax rate for
          unclassified goods).
        </>
      }
      add={{ label: 'Add code', form: 'add-hsn-code', render: (onDone) => <AddHsnCodeForm onDone={onDone} /> }}
    >
      <DataTable
        label="HSN codes"
        columns={columns}
        rows={items}
        {...wholeList(items?.length ?? 0)}
        rowKey={(c) => c.hsnCode}
        loading={list.isPending}
        error={list.isError ? `Failed to load HSN codes: ${list.error.message}` : null}
        onRetry={() => void list.refetch()}
        emptyTitle="No HSN codes yet"
        emptyText="Add the codes of the goods sold on Haat, each with its GST rate."
        actions={
          canChangeRates
            ? (c) => (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setChanging(c)}
                  aria-label={`Change the GST rate of ${c.hsnCode}`}
                >
                  Change rate
                </Button>
              )
            : undefined
        }
      />
      <ChangeRateDialog code={changing} onClose={() => setChanging(null)} />
    </RatesSection>
  );
}

const blankCode = (): Omit<AddHsnCodeInput, 'effectiveFrom'> => ({ hsnCode: '', description: '', ratePercent: '' });

const request = {
  path: '/api/admin/hsn-codes',
  fields: ['hsnCode', 'description', 'ratePercent', 'effectiveFrom'],
  failure: m.hsnAddFailed,
  toast: 'hsn-code',
} as const;

function AddHsnCodeForm({ onDone }: { onDone: () => void }) {
  return (
    <RateAddForm
      schema={addHsnCodeSchema}
      blank={blankCode}
      request={request}
      onDone={onDone}
      id="add-hsn-code"
      label="Add an HSN code"
      title="Add HSN code"
      describe={(p) =>
        `${p.hsnCode} (${p.description}) at GST ${percentText(p.ratePercent)} from ${dayText(p.effectiveFrom)}. ` +
        'Vendors can choose it for their products at once.'
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Input
              label="HSN code"
              required
              inputMode="numeric"
              maxLength={8}
              placeholder="6204"
              autoComplete="off"
              error={errors.hsnCode?.message}
              hint="4, 6 or 8 digits"
              {...register('hsnCode')}
            />
            <RateFields label="GST rate (%)" placeholder="5" register={register} errors={errors} />
          </div>
          <Input
            label="Description"
            required
            maxLength={HSN_DESCRIPTION_MAX}
            placeholder="Women's suits, kurtas, dresses and skirts"
            error={errors.description?.message}
            {...register('description')}
          />
        </>
      )}
    </RateAddForm>
  );
}

/** 'Change rate': the new rate and its date, with the fresh code, in one dialog; refusals show under the fields and the dialog stays open. */
function ChangeRateDialog({ code, onClose }: { code: HsnCode | null; onClose: () => void }) {
  const qc = useQueryClient();
  const {
    register,
    reset,
    setError,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<AddHsnRateInput, unknown, AddHsnRateData>({ resolver: zodResolver(addHsnRateSchema), mode: 'onChange' });
  useEffect(() => {
    if (code) reset({ hsnCode: code.hsnCode, ratePercent: '', effectiveFrom: earliestRateDay() });
  }, [code, reset]);

  const confirm = (typed: string) =>
    new Promise<string | null>((resolve) => {
      void handleSubmit(
        async (values) => {
          try {
            const answer = await api.post<RateAdded>('/api/admin/hsn-rates', { ...values, code: typed });
            notify.success(answer.message, { action: 'hsn-rate' });
            void qc.invalidateQueries({ queryKey: ['admin'] });
            onClose();
            resolve(null);
          } catch (e) {
            if (e instanceof ApiError && (e.status === 400 || e.status === 409))
              placeFieldErrors(e, ['ratePercent', 'effectiveFrom'] as const, setError);
            resolve(actionError(e, m.hsnRateFailed));
          }
        },
        () => resolve('Check the rate and the date above.'),
      )();
    });

  return (
    <StepUpDialog
      open={code !== null}
      title={code ? `Change the GST rate of ${code.hsnCode}` : 'Change GST rate'}
      actionLabel="Schedule the new rate"
      description={
        code && (
          <p>
            {code.description}.{' '}
            {code.current
              ? `${percentText(code.current.ratePercent)} since ${dayText(code.current.effectiveFrom)}.`
              : 'No rate in force yet.'}{' '}
            The new rate applies to orders placed from its date; earlier orders keep theirs.
          </p>
        )
      }
      ready={isValid}
      onCancel={onClose}
      onConfirm={confirm}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <RateFields label="New GST rate (%)" register={register} errors={errors} fromHinted={false} />
      </div>
    </StepUpDialog>
  );
}
