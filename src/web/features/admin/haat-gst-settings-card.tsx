import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  commissionMessages as m,
  haatTaxIdentityValuesSchema,
  type HaatTaxIdentityValues,
  type HaatTaxIdentityView,
} from '../../../contracts/commission-invoices.contract';
import { api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { StateOptions } from '../../ui/StateOptions';
import { Card, NotLoaded } from './settings-card';
import { StepUpDialog } from './step-up-dialog';
import { useStepUpSettings } from './use-step-up-settings';

const key = ['admin', 'settings', 'haat-gst'] as const;
type Draft = { legalName: string; address: string; state: string; gstin: string };

/**
 * Haat's GST registration, as its monthly commission invoices to vendors print it: legal name,
 * address, registered state (which decides CGST + SGST or IGST) and GSTIN; validated with the
 * server's own contract and saved with a fresh code. Until it is set, no commission invoice is issued.
 */
export function HaatGstSettingsCard() {
  const settings = useQuery({
    queryKey: key,
    queryFn: () => api.get<HaatTaxIdentityView>('/api/admin/settings/haat-gst'),
  });
  const form = useStepUpSettings<Draft, HaatTaxIdentityValues>({
    queryKey: key,
    path: '/api/admin/settings/haat-gst',
    schema: haatTaxIdentityValuesSchema,
    messages: { saved: m.saved, failed: m.saveFailed },
    action: 'haat-gst-settings',
  });
  const { errors } = form;

  const card = (body: ReactNode) => (
    <Card
      title="Haat's GST registration"
      lead="Printed as the supplier on Haat's monthly invoices to vendors for its commission plus 18% GST. The state decides CGST + SGST (a vendor in the same state) or IGST."
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading Haat's GST registration" />);
  const saved = settings.data.identity;
  const values: Draft = form.draft ?? saved ?? { legalName: '', address: '', state: '', gstin: '' };
  const set = (field: keyof Draft, value: string) => form.setDraft({ ...values, [field]: value });
  const parsed = haatTaxIdentityValuesSchema.safeParse(values);

  return card(
    <>
      {settings.data.notice && <Alert tone="error">{settings.data.notice}</Alert>}
      <form onSubmit={form.review(values)} noValidate className="mt-4 space-y-4">
        <Input
          label="Legal name"
          value={values.legalName}
          maxLength={200}
          onChange={(e) => set('legalName', e.target.value)}
          error={errors.legalName}
          required
        />
        <Textarea
          label="Registered address"
          value={values.address}
          maxLength={500}
          rows={3}
          onChange={(e) => set('address', e.target.value)}
          error={errors.address}
          required
        />
        <Select
          label="Registered state"
          value={values.state}
          onChange={(e) => set('state', e.target.value)}
          error={errors.state}
          required
        >
          <StateOptions />
        </Select>
        <Input
          label="GSTIN"
          value={values.gstin}
          maxLength={15}
          autoCapitalize="characters"
          onChange={(e) => set('gstin', e.target.value)}
          error={errors.gstin}
          hint="15 characters; its first two digits are the state's GST code."
          required
        />
        <Button type="submit">Save GST registration</Button>
      </form>
      <StepUpDialog
        open={form.confirming}
        title="Update Haat's GST registration"
        actionLabel="Update GST registration"
        description={
          parsed.success && (
            <p>
              Commission invoices issued from now on will name {parsed.data.legalName}, GSTIN {parsed.data.gstin},{' '}
              {parsed.data.state}, as the supplier.
            </p>
          )
        }
        onCancel={form.cancel}
        onConfirm={form.save(values)}
      />
    </>,
  );
}
