import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  codSettingsSchema,
  settingsMessages as m,
  referralSettingsSchema,
  type CodSettingsValues,
  type CodSettingsView,
  type GatewaySettings,
  type ProcessReferralsResult,
  type ReferralSettings,
} from '../../../contracts/admin-settings.contract';
import { numberRangeOf } from '../../../contracts/common.contract';
import { formatRupees, toPaise } from '../../../domain/money';
import { api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { HaatGstSettingsCard } from './haat-gst-settings-card';
import { ProductReviewSettingsCard } from './product-review-settings-card';
import { MoneyOutSettingsCard } from './money-out-settings-card';
import { PromotionSettingsCard } from './promotion-settings-card';
import { Card, NotLoaded } from './settings-card';
import { actionError, StepUpDialog } from './step-up-dialog';
import { useStepUpSettings } from './use-step-up-settings';

const referralKey = ['admin', 'settings', 'referral'] as const;
const gatewayKey = ['admin', 'settings', 'payment'] as const;
const codKey = ['admin', 'settings', 'cod'] as const;

/**
 * The Settings tab: referral thresholds, the payment gateway, cash on delivery, the product
 * review, two people for money out and the fresh code for large promotions, each saved with a fresh code.
 */
export function SettingsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ReferralSettingsCard />
      <GatewaySettingsCard />
      <CodSettingsCard />
      <ProductReviewSettingsCard />
      <MoneyOutSettingsCard />
      <PromotionSettingsCard />
      <HaatGstSettingsCard />
    </div>
  );
}

function ReferralSettingsCard() {
  const settings = useQuery({
    queryKey: referralKey,
    queryFn: () => api.get<ReferralSettings>('/api/admin/settings/referral'),
  });
  const form = useStepUpSettings<Record<keyof ReferralSettings, string>, ReferralSettings>({
    queryKey: referralKey,
    path: '/api/admin/settings/referral',
    schema: referralSettingsSchema,
    messages: { saved: m.referralSaved, failed: m.referralFailed },
    action: 'referral-settings',
  });
  const { errors } = form;

  const card = (body: ReactNode) => (
    <Card
      title="Referral settings"
      lead="A referral qualifies when the referred customer, vendor or merchant reaches both thresholds; the referrer then earns the points."
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading referral settings" />);
  const values = form.draft ?? {
    minTransactions: String(settings.data.minTransactions),
    minTransactionVolume: String(settings.data.minTransactionVolume),
    referralPointsAwarded: String(settings.data.referralPointsAwarded),
  };
  const set = (key: keyof ReferralSettings, value: string) => form.setDraft({ ...values, [key]: value });
  // Each threshold is a whole number no lower than the contract's least.
  const wholeNumber = (key: keyof ReferralSettings, label: string, { hint }: { hint?: string } = {}) => (
    <Input
      label={label}
      type="number"
      min={numberRangeOf(referralSettingsSchema.shape[key]).min}
      step={1}
      inputMode="numeric"
      value={values[key]}
      onChange={(e) => set(key, e.target.value)}
      error={errors[key]}
      hint={hint}
      required
    />
  );

  return card(
    <>
      <form onSubmit={form.review(values)} noValidate className="space-y-4">
        {wholeNumber('minTransactions', 'Minimum transactions', {
          hint: 'Delivered orders (customers), delivered order parts (vendors) or recorded payments (merchants)',
        })}
        {wholeNumber('minTransactionVolume', 'Minimum transaction volume (₹)')}
        {wholeNumber('referralPointsAwarded', 'Points awarded to the referrer', { hint: '1 point = ₹1' })}
        <Button type="submit">Save referral settings</Button>
      </form>
      <ProcessQualifications />
      <StepUpDialog
        open={form.confirming}
        title="Update referral settings"
        actionLabel="Update referral settings"
        description={
          <p>{`From now on a referral qualifies at ${values.minTransactions} transactions and ₹${values.minTransactionVolume}, and earns the referrer ${values.referralPointsAwarded} points.`}</p>
        }
        onCancel={form.cancel}
        onConfirm={form.save(values)}
      />
    </>,
  );
}

/** 'Process referral qualifications': runs the qualification now (it also runs every 10 minutes) and says how many qualified. */
function ProcessQualifications() {
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const run = async (code: string) => {
    try {
      const result = await api.post<ProcessReferralsResult>('/api/admin/settings/referral/process', { code });
      setConfirming(false);
      notify.success(result.message, { action: 'process-referrals' });
      void qc.invalidateQueries({ queryKey: ['admin'] });
      return null;
    } catch (err) {
      return actionError(err, m.processFailed);
    }
  };
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-slate-900">Referral qualifications</h3>
      <p className="mt-1 text-sm text-slate-600">
        Qualification runs on its own every 10 minutes. Run it now to qualify every referral that has reached the
        thresholds and pay each referrer once.
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
        Process referral qualifications
      </Button>
      <StepUpDialog
        open={confirming}
        title="Process referral qualifications"
        actionLabel="Process referral qualifications"
        description={
          <p>
            Every active referral whose referred party has reached both thresholds becomes qualified, and its referrer
            is credited the referral points.
          </p>
        }
        onCancel={() => setConfirming(false)}
        onConfirm={run}
      />
    </div>
  );
}

function GatewaySettingsCard() {
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: gatewayKey,
    queryFn: () => api.get<GatewaySettings>('/api/admin/settings/payment'),
  });
  const [keyId, setKeyId] = useState<string | null>(null);
  const [keySecret, setKeySecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);

  const card = (body: ReactNode) => (
    <Card
      title="Payment gateway"
      lead="Razorpay for card and UPI payments at checkout. Secrets stay on the server, encrypted; while it is off, checkout uses the built-in test gateway."
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading payment gateway settings" />);
  const s = settings.data;
  const id = keyId ?? s.keyId ?? '';
  const isEnabled = enabled ?? s.isEnabled;
  const bothKeys = id.trim() !== '' && (keySecret.trim() !== '' || s.hasKeySecret);

  const review = (e: FormEvent) => {
    e.preventDefault();
    if (!bothKeys) {
      setError(m.bothKeys);
      return;
    }
    setError(null);
    setConfirming(true);
  };
  const save = async (code: string) => {
    try {
      const saved = await api.put<GatewaySettings>('/api/admin/settings/payment', {
        keyId: id.trim(),
        keySecret: keySecret.trim(),
        webhookSecret: webhookSecret.trim(),
        isEnabled,
        code,
      });
      qc.setQueryData(gatewayKey, saved);
      setKeyId(null);
      setKeySecret('');
      setWebhookSecret('');
      setEnabled(null);
      setConfirming(false);
      notify.success(m.gatewaySaved, { action: 'gateway-settings' });
      return null;
    } catch (err) {
      return actionError(err, m.gatewayFailed);
    }
  };
  const test = async () => {
    if (!bothKeys) {
      setError(m.bothKeys);
      return;
    }
    setError(null);
    setTesting(true);
    setTestResult(null);
    try {
      setTestResult(
        await api.post<{ ok: boolean; message: string }>('/api/admin/settings/payment/test', {
          keyId: id.trim(),
          keySecret: keySecret.trim(),
        }),
      );
    } catch {
      setTestResult({ ok: false, message: m.testFailed });
    } finally {
      setTesting(false);
    }
  };

  return card(
    <>
      <form onSubmit={review} noValidate className="space-y-4">
        {error && <Alert tone="error">{error}</Alert>}
        <Input
          label="Key ID"
          value={id}
          onChange={(e) => setKeyId(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          placeholder="rzp_live_..."
          required
        />
        <Input
          label="Key secret"
          type="password"
          value={keySecret}
          onChange={(e) => setKeySecret(e.target.value)}
          autoComplete="new-password"
          hint={s.hasKeySecret ? 'A secret is set. Leave blank to keep it.' : 'Not set yet.'}
          required={!s.hasKeySecret}
        />
        <Input
          label="Webhook secret"
          type="password"
          value={webhookSecret}
          onChange={(e) => setWebhookSecret(e.target.value)}
          autoComplete="new-password"
          hint={
            s.hasWebhookSecret
              ? 'A webhook secret is set. Leave blank to keep it.'
              : 'Optional: checks the signature of POST /api/payments/webhook.'
          }
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={isEnabled}
            onChange={(e) => setEnabled(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300 text-violet-700 focus:ring-violet-600"
          />
          Use Razorpay at checkout
        </label>
        {testResult && <Alert tone={testResult.ok ? 'success' : 'error'}>{testResult.message}</Alert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Save settings</Button>
          <Button variant="secondary" onClick={() => void test()} loading={testing}>
            Test connection
          </Button>
        </div>
      </form>
      <StepUpDialog
        open={confirming}
        title="Save payment gateway settings"
        actionLabel="Save payment gateway settings"
        description={
          <p>
            {isEnabled
              ? 'Checkout will take payments through Razorpay with these keys.'
              : 'Razorpay stays off: checkout keeps using the test gateway.'}
          </p>
        }
        onCancel={() => setConfirming(false)}
        onConfirm={save}
      />
    </>,
  );
}

/** What the cash on delivery form holds: the limit as typed, the excluded categories' ids. */
type CodDraft = { limit: string; excludedCategoryIds: string[] };

/** Cash on delivery: the order value limit (₹) and the categories never sold cash on delivery, saved with a fresh code. */
export function CodSettingsCard() {
  const settings = useQuery({ queryKey: codKey, queryFn: () => api.get<CodSettingsView>('/api/admin/settings/cod') });
  const form = useStepUpSettings<CodDraft, CodSettingsValues>({
    queryKey: codKey,
    path: '/api/admin/settings/cod',
    schema: codSettingsSchema,
    messages: { saved: m.codSaved, failed: m.codFailed },
    action: 'cod-settings',
  });
  const { errors, setDraft } = form;
  const categoriesId = useId();

  const card = (body: ReactNode) => (
    <Card
      title="Cash on delivery"
      lead="Shops that offer cash on delivery may be paid at the door for orders up to this value (items and delivery, before points); products of the excluded categories never are."
    >
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading cash on delivery settings" />);
  const s = settings.data;
  const values: CodDraft = form.draft ?? { limit: String(s.limit), excludedCategoryIds: s.excludedCategoryIds };
  const toggle = (id: string, on: boolean) =>
    setDraft({
      ...values,
      excludedCategoryIds: on
        ? [...values.excludedCategoryIds.filter((c) => c !== id), id]
        : values.excludedCategoryIds.filter((c) => c !== id),
    });
  const parsed = codSettingsSchema.safeParse(values);
  const excludedNames = s.categories.filter((c) => values.excludedCategoryIds.includes(c.id)).map((c) => c.name);

  const categoriesError = errors.excludedCategoryIds;

  return card(
    <>
      <form onSubmit={form.review(values)} noValidate className="space-y-4">
        <Input
          label="Order value limit (₹)"
          type="number"
          min={numberRangeOf(codSettingsSchema.shape.limit).min}
          max={numberRangeOf(codSettingsSchema.shape.limit).max}
          step={0.01}
          inputMode="decimal"
          value={values.limit}
          onChange={(e) => setDraft({ ...values, limit: e.target.value })}
          error={errors.limit}
          hint="Cash on delivery is offered for orders up to this value. 0 turns it off for every order."
          required
        />
        <fieldset
          aria-describedby={categoriesError ? `${categoriesId}-error` : `${categoriesId}-hint`}
          aria-invalid={categoriesError ? true : undefined}
        >
          <legend className="text-sm font-medium text-slate-700">Categories excluded from cash on delivery</legend>
          {s.categories.length === 0 ? (
            <p id={`${categoriesId}-hint`} className="mt-1 text-sm text-slate-500">
              There are no categories yet.
            </p>
          ) : (
            <>
              <p id={`${categoriesId}-hint`} className="mt-1 text-xs text-slate-500">
                A cart with a product of a ticked category is paid online.
              </p>
              <div className="mt-2 grid gap-1 sm:grid-cols-2">
                {s.categories.map((c) => (
                  <label
                    key={c.id}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-50"
                  >
                    <input
                      type="checkbox"
                      checked={values.excludedCategoryIds.includes(c.id)}
                      onChange={(e) => toggle(c.id, e.target.checked)}
                      className="h-5 w-5 shrink-0 rounded border-slate-300 text-violet-700 focus:ring-violet-600"
                    />
                    <span className="min-w-0 break-words">{c.name}</span>
                  </label>
                ))}
              </div>
            </>
          )}
          {categoriesError && (
            <p id={`${categoriesId}-error`} role="alert" className="mt-1 text-sm text-red-600">
              {categoriesError}
            </p>
          )}
        </fieldset>
        <Button type="submit">Save cash on delivery settings</Button>
      </form>
      <StepUpDialog
        open={form.confirming}
        title="Update cash on delivery settings"
        actionLabel="Update cash on delivery settings"
        description={
          parsed.success && (
            <p>
              {parsed.data.limit === 0
                ? 'From now on no order can be paid in cash on delivery.'
                : `From now on orders up to ${formatRupees(toPaise(parsed.data.limit))} from shops that offer it can be paid in cash on delivery.`}{' '}
              {excludedNames.length === 0 ? 'No category is excluded.' : `Excluded: ${excludedNames.join(', ')}.`}
            </p>
          )
        }
        onCancel={form.cancel}
        onConfirm={form.save(values)}
      />
    </>,
  );
}
