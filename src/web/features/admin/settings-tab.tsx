import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { settingsMessages as m, referralSettingsSchema, type GatewaySettings, type ProcessReferralsResult, type ReferralSettings } from '../../../contracts/admin-settings.contract';
import { numberRangeOf } from '../../../contracts/common.contract';
import { ApiError, api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';
import { actionError, StepUpDialog } from './step-up-dialog';

const referralKey = ['admin', 'settings', 'referral'] as const;
const gatewayKey = ['admin', 'settings', 'payment'] as const;

/** The Settings tab: referral thresholds and the payment gateway, each saved with a fresh code. */
export function SettingsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ReferralSettingsCard />
      <GatewaySettingsCard />
    </div>
  );
}

function Card({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{lead}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A card's body until its settings are there: a skeleton while they load, or the failure with Retry. */
function NotLoaded({ settings, label }: { settings: UseQueryResult<unknown>; label: string }) {
  if (settings.isError) return <ErrorState message={`Failed to load settings data: ${settings.error.message}`} onRetry={() => settings.refetch()} />;
  return (
    <LoadingRegion label={label}>
      <Skeleton className="h-48 w-full" />
    </LoadingRegion>
  );
}

function ReferralSettingsCard() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: referralKey, queryFn: () => api.get<ReferralSettings>('/api/admin/settings/referral') });
  const [draft, setDraft] = useState<Record<keyof ReferralSettings, string> | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const card = (body: ReactNode) => (
    <Card title="Referral settings" lead="A referral qualifies when the referred customer, vendor or merchant reaches both thresholds; the referrer then earns the points.">
      {body}
    </Card>
  );
  if (!settings.isSuccess) return card(<NotLoaded settings={settings} label="Loading referral settings" />);
  const values = draft ?? { minTransactions: String(settings.data.minTransactions), minTransactionVolume: String(settings.data.minTransactionVolume), referralPointsAwarded: String(settings.data.referralPointsAwarded) };
  const set = (key: keyof ReferralSettings, value: string) => setDraft({ ...values, [key]: value });

  const review = (e: FormEvent) => {
    e.preventDefault();
    const parsed = referralSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setConfirming(true);
  };
  const save = async (code: string) => {
    try {
      const saved = await api.put<ReferralSettings>('/api/admin/settings/referral', { ...referralSettingsSchema.parse(values), code });
      qc.setQueryData(referralKey, saved);
      setDraft(null);
      setConfirming(false);
      notify.success(m.referralSaved, { action: 'referral-settings' });
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0) {
        setErrors(err.fields);
        setConfirming(false);
        return null;
      }
      return actionError(err, m.referralFailed);
    }
  };

  return card(
    <>
      <form onSubmit={review} noValidate className="space-y-4">
        <Input label="Minimum transactions" type="number" min={numberRangeOf(referralSettingsSchema.shape.minTransactions).min} step={1} inputMode="numeric" value={values.minTransactions} onChange={(e) => set('minTransactions', e.target.value)} error={errors.minTransactions} hint="Delivered orders (customers), delivered order parts (vendors) or recorded payments (merchants)" required />
        <Input label="Minimum transaction volume (₹)" type="number" min={numberRangeOf(referralSettingsSchema.shape.minTransactionVolume).min} step={1} inputMode="numeric" value={values.minTransactionVolume} onChange={(e) => set('minTransactionVolume', e.target.value)} error={errors.minTransactionVolume} required />
        <Input label="Points awarded to the referrer" type="number" min={numberRangeOf(referralSettingsSchema.shape.referralPointsAwarded).min} step={1} inputMode="numeric" value={values.referralPointsAwarded} onChange={(e) => set('referralPointsAwarded', e.target.value)} error={errors.referralPointsAwarded} hint="1 point = ₹1" required />
        <Button type="submit">Save referral settings</Button>
      </form>
      <ProcessQualifications />
      <StepUpDialog
        open={confirming}
        title="Update referral settings"
        actionLabel="Update referral settings"
        description={<p>{`From now on a referral qualifies at ${values.minTransactions} transactions and ₹${values.minTransactionVolume}, and earns the referrer ${values.referralPointsAwarded} points.`}</p>}
        onCancel={() => setConfirming(false)}
        onConfirm={save}
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
      <p className="mt-1 text-sm text-slate-600">Qualification runs on its own every 10 minutes. Run it now to qualify every referral that has reached the thresholds and pay each referrer once.</p>
      <Button variant="secondary" className="mt-3" onClick={() => setConfirming(true)}>
        Process referral qualifications
      </Button>
      <StepUpDialog
        open={confirming}
        title="Process referral qualifications"
        actionLabel="Process referral qualifications"
        description={<p>Every active referral whose referred party has reached both thresholds becomes qualified, and its referrer is credited the referral points.</p>}
        onCancel={() => setConfirming(false)}
        onConfirm={run}
      />
    </div>
  );
}

function GatewaySettingsCard() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: gatewayKey, queryFn: () => api.get<GatewaySettings>('/api/admin/settings/payment') });
  const [keyId, setKeyId] = useState<string | null>(null);
  const [keySecret, setKeySecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);

  const card = (body: ReactNode) => (
    <Card title="Payment gateway" lead="Razorpay for card and UPI payments at checkout. Secrets stay on the server, encrypted; while it is off, checkout uses the built-in test gateway.">
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
      const saved = await api.put<GatewaySettings>('/api/admin/settings/payment', { keyId: id.trim(), keySecret: keySecret.trim(), webhookSecret: webhookSecret.trim(), isEnabled, code });
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
      setTestResult(await api.post<{ ok: boolean; message: string }>('/api/admin/settings/payment/test', { keyId: id.trim(), keySecret: keySecret.trim() }));
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
        <Input label="Key ID" value={id} onChange={(e) => setKeyId(e.target.value)} autoComplete="off" spellCheck={false} placeholder="rzp_live_..." required />
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
          hint={s.hasWebhookSecret ? 'A webhook secret is set. Leave blank to keep it.' : 'Optional: checks the signature of POST /api/payments/webhook.'}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" checked={isEnabled} onChange={(e) => setEnabled(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-violet-700 focus:ring-violet-600" />
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
        description={<p>{isEnabled ? 'Checkout will take payments through Razorpay with these keys.' : 'Razorpay stays off: checkout keeps using the test gateway.'}</p>}
        onCancel={() => setConfirming(false)}
        onConfirm={save}
      />
    </>,
  );
}
