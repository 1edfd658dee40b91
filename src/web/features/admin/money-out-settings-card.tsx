import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  moneyOutMessages as m,
  saveMoneyOutSettingsSchema,
  type MoneyOutSettings,
} from '../../../contracts/money-out.contract';
import { rupeesForInput } from '../../../domain/money';
import { api } from '../../api/client';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { Money } from '../../ui/Money';
import { Card, NotLoaded } from './settings-card';
import { StepUpDialog } from './step-up-dialog';
import { useStepUpSettings } from './use-step-up-settings';

const key = ['admin', 'settings', 'money-out'] as const;
type Draft = { twoPersonAboveRupees: string };

/** The Settings tab's two people for money out: above the amount, a second staff member approves (empty: off). */
export function MoneyOutSettingsCard() {
  const settings = useQuery({
    queryKey: key,
    queryFn: () => api.get<MoneyOutSettings>('/api/admin/settings/money-out'),
  });
  const form = useStepUpSettings<Draft, Draft>({
    queryKey: key,
    path: '/api/admin/settings/money-out',
    schema: saveMoneyOutSettingsSchema,
    messages: { saved: m.saved, failed: 'Failed to save' },
    action: 'money-out-settings',
  });
  const card = (body: ReactNode) => (
    <Card
      title="Two people for money out"
      lead={
        'Above this amount, a vendor payout or a customer withdrawal is prepared by one staff member with ' +
        'Finance and paid only when another approves it; the one who prepared it cannot approve it. Empty: off.'
      }
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading the money-out settings" />);
  const saved = settings.data.twoPersonAbovePaise;
  const values: Draft = form.draft ?? { twoPersonAboveRupees: rupeesForInput(saved) };
  return card(
    <>
      <form onSubmit={form.review(values)} noValidate className="space-y-4">
        <Input
          label="Needs a second approval above (₹)"
          inputMode="decimal"
          value={values.twoPersonAboveRupees}
          onChange={(e) => form.setDraft({ twoPersonAboveRupees: e.target.value })}
          error={form.errors.twoPersonAboveRupees}
          hint={
            saved === null ? (
              'Off: one person pays.'
            ) : (
              <>
                Now: above <Money paise={saved} />.
              </>
            )
          }
        />
        <Button type="submit">Save</Button>
      </form>
      <StepUpDialog
        open={form.confirming}
        title="Two people for money out"
        actionLabel="Save the amount"
        description={
          <p>
            {values.twoPersonAboveRupees.trim() === ''
              ? 'From now on one staff member with Finance pays any amount.'
              : `From now on a payout or withdrawal above ₹${values.twoPersonAboveRupees.trim()} needs a second staff member.`}
          </p>
        }
        onCancel={form.cancel}
        onConfirm={form.save(values)}
      />
    </>,
  );
}
