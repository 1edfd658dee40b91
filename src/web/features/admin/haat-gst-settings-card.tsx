import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { commissionMessages as m, haatTaxIdentityValuesSchema, type HaatTaxIdentityView } from '../../../contracts/commission-invoices.contract';
import { ApiError, api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { StateOptions } from '../../ui/StateOptions';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { actionError, StepUpDialog } from './step-up-dialog';

const key = ['admin', 'settings', 'haat-gst'] as const;
type Draft = { legalName: string; address: string; state: string; gstin: string };

/**
 * Haat's GST registration, as its monthly commission invoices to vendors print it: legal name,
 * address, registered state (which decides CGST + SGST or IGST) and GSTIN; validated with the
 * server's own contract and saved with a fresh code. Until it is set, no commission invoice is issued.
 */
export function HaatGstSettingsCard() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: key, queryFn: () => api.get<HaatTaxIdentityView>('/api/admin/settings/haat-gst') });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const card = (body: ReactNode) => (
    <section aria-labelledby="haat-gst-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="haat-gst-heading" className="text-lg font-semibold text-slate-900">
        Haat&apos;s GST registration
      </h2>
      <p className="mt-1 text-sm text-slate-600">Printed as the supplier on Haat&apos;s monthly invoices to vendors for its commission plus 18% GST. The state decides CGST + SGST (a vendor in the same state) or IGST.</p>
      <div className="mt-4">{body}</div>
    </section>
  );
  if (settings.isError) return card(<ErrorState message={`Failed to load settings data: ${settings.error.message}`} onRetry={() => settings.refetch()} />);
  if (!settings.isSuccess)
    return card(
      <LoadingRegion label="Loading Haat's GST registration">
        <Skeleton className="h-48 w-full" />
      </LoadingRegion>,
    );
  const saved = settings.data.identity;
  const values: Draft = draft ?? saved ?? { legalName: '', address: '', state: '', gstin: '' };
  const set = (field: keyof Draft, value: string) => setDraft({ ...values, [field]: value });
  const parsed = haatTaxIdentityValuesSchema.safeParse(values);

  const review = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setConfirming(true);
  };
  const save = async (code: string) => {
    try {
      const next = await api.put<HaatTaxIdentityView>('/api/admin/settings/haat-gst', { ...haatTaxIdentityValuesSchema.parse(values), code });
      qc.setQueryData(key, next);
      setDraft(null);
      setConfirming(false);
      notify.success(m.saved, { action: 'haat-gst-settings' });
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
        setConfirming(false);
        return null;
      }
      return actionError(err, m.saveFailed);
    }
  };

  return card(
    <>
      {settings.data.notice && <Alert tone="error">{settings.data.notice}</Alert>}
      <form onSubmit={review} noValidate className="mt-4 space-y-4">
        <Input label="Legal name" value={values.legalName} maxLength={200} onChange={(e) => set('legalName', e.target.value)} error={errors.legalName} required />
        <Textarea label="Registered address" value={values.address} maxLength={500} rows={3} onChange={(e) => set('address', e.target.value)} error={errors.address} required />
        <Select label="Registered state" value={values.state} onChange={(e) => set('state', e.target.value)} error={errors.state} required>
          <StateOptions />
        </Select>
        <Input label="GSTIN" value={values.gstin} maxLength={15} autoCapitalize="characters" onChange={(e) => set('gstin', e.target.value)} error={errors.gstin} hint="15 characters; its first two digits are the state's GST code." required />
        <Button type="submit">Save GST registration</Button>
      </form>
      <StepUpDialog
        open={confirming}
        title="Update Haat's GST registration"
        actionLabel="Update GST registration"
        description={parsed.success && <p>Commission invoices issued from now on will name {parsed.data.legalName}, GSTIN {parsed.data.gstin}, {parsed.data.state}, as the supplier.</p>}
        onCancel={() => setConfirming(false)}
        onConfirm={save}
      />
    </>,
  );
}
