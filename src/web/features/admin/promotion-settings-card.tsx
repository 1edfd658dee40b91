import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  promotionSettingsMessages as m,
  savePromotionSettingsSchema,
  type PromotionSettings,
  type SavePromotionSettingsInput,
} from '../../../contracts/promotions.contract';
import { formatRupees, rupeesForInput } from '../../../domain/money';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Card, NotLoaded } from './settings-card';
import { StepUpDialog } from './step-up-dialog';
import { useStepUpSettings } from './use-step-up-settings';

export const promotionSettingsKey = ['admin', 'settings', 'promotions'] as const;
type Draft = { freshCodeAboveRupees: string };

/**
 * The Settings tab's fresh code for large promotions: saving a promotion Haat pays for that can take
 * more than the amount off one order needs a fresh authenticator code (the server's default until saved).
 */
export function PromotionSettingsCard() {
  const settings = useQuery({
    queryKey: promotionSettingsKey,
    queryFn: () => api.get<PromotionSettings>('/api/admin/settings/promotions'),
  });
  const form = useStepUpSettings<Draft, SavePromotionSettingsInput>({
    queryKey: promotionSettingsKey,
    path: '/api/admin/settings/promotions',
    schema: savePromotionSettingsSchema,
    messages: { saved: m.saved, failed: m.failed },
    action: 'promotion-settings',
  });
  const card = (body: ReactNode) => (
    <Card
      title="Fresh code for large promotions"
      lead={
        'Creating or editing a promotion Haat pays for that can take more than this amount off one order ' +
        '(a fixed amount, or a percentage’s cap; a percentage without a cap always can) needs a fresh code ' +
        'from your authenticator app.'
      }
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading the promotion settings" />);
  const { freshCodeAbovePaise, defaultPaise } = settings.data;
  const values: Draft = form.draft ?? { freshCodeAboveRupees: rupeesForInput(freshCodeAbovePaise) };
  return card(
    <>
      <form onSubmit={form.review(values)} noValidate className="space-y-4">
        <Input
          label="Needs a fresh code above (₹)"
          inputMode="decimal"
          required
          value={values.freshCodeAboveRupees}
          onChange={(e) => form.setDraft({ freshCodeAboveRupees: e.target.value })}
          error={form.errors.freshCodeAboveRupees}
          hint={`Now: above ${formatRupees(freshCodeAbovePaise)}. Default: ${formatRupees(defaultPaise)}.`}
        />
        <Button type="submit">Save</Button>
      </form>
      <StepUpDialog
        open={form.confirming}
        title="Fresh code for large promotions"
        actionLabel="Save the amount"
        description={
          <p>
            From now on a promotion Haat pays for that can take more than ₹{values.freshCodeAboveRupees.trim()} off one
            order needs a fresh code to be saved.
          </p>
        }
        onCancel={form.cancel}
        onConfirm={form.save(values)}
      />
    </>,
  );
}
