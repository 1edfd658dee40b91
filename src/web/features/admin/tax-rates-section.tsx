import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  addTaxRateSchema,
  rateMessages as m,
  rateStatusLabels,
  taxRateKindLabels,
  taxRateKinds,
  type AddTaxRateInput,
  type TaxRate,
  type TaxRateList,
} from '../../../contracts/settlement-rates.contract';
import { api } from '../../api/client';
import { DataTable, type Column } from '../../ui/DataTable';
import { Select, Textarea } from '../../ui/Field';
import { StatusBadge } from '../../ui/StatusBadge';
import {
  AddFormToggle,
  ConfirmedAddForm,
  dayText,
  earliestRateDay,
  EffectiveFromInput,
  percentText,
  RatePercentInput,
  RatesSection,
  useRateAddForm,
  wholeList,
} from './rate-form-parts';

const columns: Column<TaxRate>[] = [
  {
    key: 'kind',
    header: 'Kind',
    render: (r) => <span className="font-medium text-slate-900">{taxRateKindLabels[r.kind]}</span>,
  },
  { key: 'rate', header: 'Rate', numeric: true, render: (r) => percentText(r.ratePercent) },
  { key: 'from', header: 'From', render: (r) => dayText(r.effectiveFrom) },
  { key: 'source', header: 'Source', render: (r) => <span className="text-xs text-slate-600">{r.source}</span> },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <StatusBadge status={r.status} text={rateStatusLabels[r.status]} />,
  },
];

/** Tax rates: TCS, TDS with and without a PAN and the GST of unclassified goods, each a dated row; a change is a new row. */
export function TaxRatesSection() {
  const rates = useQuery({
    queryKey: ['admin', 'tax-rates'],
    queryFn: () => api.get<TaxRateList>('/api/admin/tax-rates'),
  });
  const [adding, setAdding] = useState(false);
  const items = rates.data?.items;
  return (
    <RatesSection
      id="admin-tax-rates"
      title="Tax rates"
      lead="TCS under GST section 52, TDS under section 194-O (with and without the vendor's PAN), and the GST rate of a product whose vendor has not chosen an HSN code. When the law changes, add the new rate from the date it applies."
      action={
        <AddFormToggle open={adding} onToggle={() => setAdding((a) => !a)} controls="add-tax-rate" label="Add rate" />
      }
    >
      {adding && <AddTaxRateForm onDone={() => setAdding(false)} />}
      <DataTable
        label="Tax rates"
        columns={columns}
        rows={items}
        {...wholeList(items?.length ?? 0)}
        rowKey={(r) => r.id}
        loading={rates.isPending}
        error={rates.isError ? `Failed to load tax rates: ${rates.error.message}` : null}
        onRetry={() => void rates.refetch()}
        emptyTitle="No tax rates"
        emptyText="Add the TCS and TDS rates in force, with the notification they come from."
      />
    </RatesSection>
  );
}

const emptyRate = (): AddTaxRateInput => ({
  kind: 'tcs',
  ratePercent: '',
  effectiveFrom: earliestRateDay(),
  source: '',
});

function AddTaxRateForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
    add,
  } = useRateAddForm(addTaxRateSchema, emptyRate, {
    path: '/api/admin/tax-rates',
    fields: ['kind', 'ratePercent', 'effectiveFrom', 'source'],
    failure: m.taxRateFailed,
    toast: 'tax-rate',
    onDone,
  });
  return (
    <ConfirmedAddForm
      id="add-tax-rate"
      label="Add a tax rate"
      title="Add tax rate"
      add={add}
      onSubmit={handleSubmit(add.ask)}
      describe={(p) =>
        `${taxRateKindLabels[p.kind]}: ${percentText(p.ratePercent)} from ${dayText(p.effectiveFrom)}. ` +
        'Orders placed before then keep the rate they were placed with.'
      }
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Select label="Kind" required error={errors.kind?.message} {...register('kind')}>
          {taxRateKinds.map((k) => (
            <option key={k} value={k}>
              {taxRateKindLabels[k]}
            </option>
          ))}
        </Select>
        <RatePercentInput
          label="Rate (%)"
          placeholder="0.5"
          error={errors.ratePercent?.message}
          field={register('ratePercent')}
        />
        <EffectiveFromInput error={errors.effectiveFrom?.message} field={register('effectiveFrom')} />
      </div>
      <Textarea
        label="Source"
        required
        rows={2}
        maxLength={maxLengthOf(addTaxRateSchema.shape.source)}
        placeholder="Notification 15/2024-Central Tax"
        error={errors.source?.message}
        hint="The notification or section of the act the rate comes from"
        {...register('source')}
      />
    </ConfirmedAddForm>
  );
}
