import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { AdminVendorPage } from '../../../contracts/admin-vendors.contract';
import {
  addCommissionRuleSchema,
  commissionScopeLabels,
  commissionScopes,
  rateMessages as m,
  type AddCommissionRuleData,
  type AddCommissionRuleInput,
  type CommissionRule,
  type CommissionRulePage,
} from '../../../contracts/settlement-rates.contract';
import { api, toQuery } from '../../api/client';
import { DataTable, type Column } from '../../ui/DataTable';
import { Input, Select } from '../../ui/Field';
import { useCategories } from '../../api/catalog';
import { dayText, percentText, rateColumns, RateAddForm, RateFields, RatesSection } from './rate-form-parts';
import { useAdminList } from './use-admin-list';
import { useSearchText } from '../../ui/use-search-text';

const targetText = (r: CommissionRule) =>
  r.scope === 'category'
    ? (r.categoryName ?? 'Unknown category')
    : r.scope === 'vendor'
      ? (r.vendorName ?? 'Unknown vendor')
      : 'Every product';

const columns: Column<CommissionRule>[] = [
  { key: 'scope', header: 'Scope', render: (r) => commissionScopeLabels[r.scope] },
  {
    key: 'target',
    header: 'Applies to',
    render: (r) => (
      <span className={r.scope === 'global' ? 'text-slate-600' : 'font-medium text-slate-900'}>{targetText(r)}</span>
    ),
  },
  rateColumns.rate,
  rateColumns.from,
  rateColumns.status,
];

/** Commission rules: the list, newest first, and the form that adds one with a fresh code. */
export function CommissionRulesSection() {
  const list = useAdminList<CommissionRulePage>('/api/admin/commission-rules', { sort: '' });
  return (
    <RatesSection
      id="admin-commission-rules"
      title="Commission rules"
      lead="Haat's commission on the price the customer pays. A vendor's rule beats a category's, which beats the global default; a new rule from a later date replaces the one before. Rules are never edited."
      add={{ label: 'Add rule', form: 'add-commission-rule', render: (onDone) => <AddRuleForm onDone={onDone} /> }}
    >
      <DataTable
        label="Commission rules"
        columns={columns}
        {...list.tableProps('commission rules')}
        rowKey={(r) => r.id}
        emptyTitle="No commission rules yet"
        emptyText="Until a rule is added, Haat takes no commission. Start with a global default."
      />
    </RatesSection>
  );
}

const blankRule = (): Omit<AddCommissionRuleInput, 'effectiveFrom'> => ({
  scope: 'global',
  categoryId: '',
  vendorUserId: '',
  ratePercent: '',
});

const request = {
  path: '/api/admin/commission-rules',
  fields: ['scope', 'categoryId', 'vendorUserId', 'ratePercent', 'effectiveFrom'],
  failure: m.ruleFailed,
  toast: 'commission-rule',
} as const;

function AddRuleForm({ onDone }: { onDone: () => void }) {
  const categories = useCategories();
  const [vendorNames, setVendorNames] = useState<Map<string, string>>(new Map());
  const target = (p: AddCommissionRuleData) =>
    p.scope === 'category'
      ? (categories.data?.find((c) => c.id === p.categoryId)?.name ?? 'the chosen category')
      : p.scope === 'vendor'
        ? (vendorNames.get(p.vendorUserId ?? '') ?? 'the chosen vendor')
        : 'every product';

  return (
    <RateAddForm
      schema={addCommissionRuleSchema}
      blank={blankRule}
      request={request}
      onDone={onDone}
      id="add-commission-rule"
      label="Add a commission rule"
      title="Add commission rule"
      describe={(p) =>
        `${percentText(p.ratePercent)} commission on ${target(p)}, from ${dayText(p.effectiveFrom)}. ` +
        'The rule cannot be edited afterwards; a later rule replaces it.'
      }
    >
      {({ register, watch, formState: { errors } }) => {
        const scope = watch('scope');
        return (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Select label="Scope" required error={errors.scope?.message} {...register('scope')}>
              {commissionScopes.map((s) => (
                <option key={s} value={s}>
                  {commissionScopeLabels[s]}
                </option>
              ))}
            </Select>
            {scope === 'category' && (
              <Select
                label="Category"
                required
                error={errors.categoryId?.message}
                hint={categories.isError ? 'Categories could not be loaded. Close the form and try again.' : undefined}
                {...register('categoryId')}
              >
                <option value="">Select category</option>
                {categories.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            )}
            {scope === 'vendor' && (
              <VendorPicker
                error={errors.vendorUserId?.message}
                register={register('vendorUserId')}
                onFound={setVendorNames}
              />
            )}
            <RateFields
              label="Rate (%)"
              placeholder="8.5"
              hint="0 to 100, up to two decimals"
              register={register}
              errors={errors}
            />
          </div>
        );
      }}
    </RateAddForm>
  );
}

/** A search box over the vendors (business name or email) and a select of the matches. */
function VendorPicker({
  error,
  register,
  onFound,
}: {
  error?: string;
  register: UseFormRegisterReturn<'vendorUserId'>;
  onFound: (names: Map<string, string>) => void;
}) {
  const { text, setText, q } = useSearchText();
  const vendors = useQuery({
    queryKey: ['admin', 'rule-vendors', q],
    queryFn: () =>
      api.get<AdminVendorPage>(`/api/admin/vendors${toQuery({ q, sort: 'businessName', dir: 'asc', pageSize: 50 })}`),
  });
  const options = vendors.data?.items;
  useEffect(() => {
    if (options) onFound(new Map(options.map((v) => [v.id, v.businessName])));
  }, [options, onFound]);
  const count = options?.length ?? 0;
  return (
    <div className="space-y-3 sm:col-span-2 sm:grid sm:grid-cols-2 sm:gap-4 sm:space-y-0">
      <Input
        label="Find a vendor"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Business name or email"
        maxLength={100}
        hint={
          vendors.isFetching
            ? 'Searching…'
            : `${count}${vendors.data && vendors.data.total > count ? ` of ${vendors.data.total}` : ''} found`
        }
      />
      <Select
        label="Vendor"
        required
        error={error ?? (vendors.isError ? 'Vendors could not be loaded. Try the search again.' : undefined)}
        {...register}
      >
        <option value="">Select vendor</option>
        {options?.map((v) => (
          <option key={v.id} value={v.id}>
            {v.businessName} ({v.email})
          </option>
        ))}
      </Select>
    </div>
  );
}
