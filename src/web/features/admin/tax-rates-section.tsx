import { useQuery } from '@tanstack/react-query';
import { maxLengthOf } from '../../../contracts/common.contract';
import {
  addTaxRateSchema,
  rateMessages as m,
  taxRateKindLabels,
  taxRateKinds,
  type AddTaxRateInput,
  type TaxRate,
  type TaxRateList,
} from '../../../contracts/settlement-rates.contract';
import { api } from '../../api/client';
import { DataTable, type Column } from '../../ui/DataTable';
import { Select, Textarea } from '../../ui/Field';
import { dayText, percentText, rateColumns, RateAddForm, RateFields, RatesSection, wholeList } from './rate-form-parts';

const columns: Column<TaxRate>[] = [
  {
    key: 'kind',
    header: 'Kind',
    render: (r) => <span className="font-medium text-slate-900">{taxRateKindLabels[r.kind]}</span>,
  },
  rateColumns.rate,
  rateColumns.from,
  { key: 'source', header: 'Source', render: (r) => <span className="text-xs text-slate-600">{r.source}</span> },
  rateColumns.status,
];

/** Tax rates: TCS, TDS with and without a PAN and the GST of unclassified goods, each a dated row; a change is a new row. */
export function TaxRatesSection() {
  const rates = useQuery({
    queryKey: ['admin', 'tax-rates'],
    queryFn: () => api.get<TaxRateList>('/api/admin/tax-rates'),
  });
  const items = rates.data?.items;
  return (
    <RatesSection
      id="admin-tax-rates"
      title="Tax rates"
      lead="TCS under GST section 52, TDS under section 194-O (with and without the vendor's PAN), and the GST rate of a product whose vendor has not chosen an HSN code. When the law changes, add the new rate from the date it applies."
      add={{ label: 'Add rate', form: 'add-tax-rate', render: (onDone) => <AddTaxRateForm onDone={onDone} /> }}
    >
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

const blankRate = (): Omit<AddTaxRateInput, 'effectiveFrom'> => ({ kind: 'tcs', ratePercent: '', source: '' });

const request = {
  path: '/api/admin/tax-rates',
  fields: ['kind', 'ratePercent', 'effectiveFrom', 'source'],
  failure: m.taxRateFailed,
  toast: 'tax-rate',
} as const;

function AddTaxRateForm({ onDone }: { onDone: () => void }) {
  return (
    <RateAddForm
      schema={addTaxRateSchema}
      blank={blankRate}
      request={request}
      onDone={onDone}
      id="add-tax-rate"
      label="Add a tax rate"
      title="Add tax rate"
      describe={(p) =>
        `${taxRateKindLabels[p.kind]}: ${percentText(p.ratePercent)} from ${dayText(p.effectiveFrom)}. ` +
        'Orders placed before then keep the rate they were placed with.'
      }
    >
      {({ register, formState: { errors } }) => (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Select label="Kind" required error={errors.kind?.message} {...register('kind')}>
              {taxRateKinds.map((k) => (
                <option key={k} value={k}>
                  {taxRateKindLabels[k]}
                </option>
              ))}
            </Select>
            <RateFields label="Rate (%)" placeholder="0.5" register={register} errors={errors} />
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
        </>
      )}
    </RateAddForm>
  );
}
