import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { rewardsMessages, WITHDRAWAL_MIN_POINTS, withdrawalFormSchema } from '../../../contracts/rewards.contract';
import { formatRupees, pointsToPaise } from '../../../domain/money';
import { ApiError } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Input } from '../../ui/Field';
import { FormModal } from '../../ui/FormModal';
import { UpiIdInput } from '../../ui/PersonFields';
import { notify } from '../../ui/notify';
import { useCreateWithdrawal } from './use-wallet';

type FormIn = z.input<ReturnType<typeof withdrawalFormSchema>>;
type FormOut = z.output<ReturnType<typeof withdrawalFormSchema>>;

/** The 'Withdraw to UPI' dialog: points (at least 100, at most the available balance) and a UPI ID. */
export function WithdrawModal({
  open,
  onClose,
  availablePoints,
}: {
  open: boolean;
  onClose: () => void;
  availablePoints: number;
}) {
  const schema = useMemo(() => withdrawalFormSchema(availablePoints), [availablePoints]);
  const create = useCreateWithdrawal();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(schema),
    defaultValues: { points: '', upiId: '' },
    mode: 'onTouched',
  });

  const typed = Number(watch('points'));
  const rupees = Number.isInteger(typed) && typed > 0 ? formatRupees(pointsToPaise(typed)) : null;
  const tooLittle = availablePoints < WITHDRAWAL_MIN_POINTS;

  // FormModal closes only while nothing is sent.
  const close = () => {
    setFormError(null);
    onClose();
  };

  const submit = async (values: FormOut) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      notify.success(rewardsMessages.withdrawSubmitted);
      reset({ points: '', upiId: '' });
      onClose();
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      const placed = (['points', 'upiId'] as const).filter((f) => err?.fields[f]);
      placed.forEach((f, i) => setError(f, { type: 'server', message: err?.fields[f] }, { shouldFocus: i === 0 }));
      if (placed.length === 0)
        setFormError(err?.message ?? 'Failed to submit the withdrawal request. Please try again.');
    }
  };

  return (
    <FormModal
      open={open}
      onClose={close}
      busy={create.isPending}
      title="Withdraw to UPI"
      label="Withdraw points to UPI"
      onSubmit={handleSubmit(submit)}
      submitText="Request Withdrawal"
      busyText="Submitting…"
      ready={!tooLittle}
      // Its refusal stands below the balance, where the points are typed.
      formError={null}
    >
      <p className="text-sm text-slate-600">
        You have <strong className="text-slate-900">{availablePoints.toLocaleString('en-IN')} points</strong> available
        ({formatRupees(pointsToPaise(availablePoints))}). 1 point = ₹1.
      </p>
      {tooLittle && <Alert tone="error">You need at least {WITHDRAWAL_MIN_POINTS} available points to withdraw.</Alert>}
      {formError && <Alert tone="error">{formError}</Alert>}
      <Input
        label="Points to withdraw"
        type="number"
        inputMode="numeric"
        required
        min={WITHDRAWAL_MIN_POINTS}
        max={availablePoints}
        step={1}
        data-autofocus
        disabled={tooLittle}
        hint={`Minimum ${WITHDRAWAL_MIN_POINTS} points, at most ${availablePoints.toLocaleString('en-IN')}`}
        error={errors.points?.message}
        {...register('points')}
      />
      <p className="text-sm text-slate-700" aria-live="polite">
        You will receive <strong className="text-green-700">{rupees ?? '₹0'}</strong>
      </p>
      <UpiIdInput
        autoComplete="off"
        placeholder="yourname@okbank"
        disabled={tooLittle}
        error={errors.upiId?.message}
        {...register('upiId')}
      />
      <p className="text-xs text-slate-500">
        Your points are held as soon as you submit. The money reaches your UPI ID within 24 hours.
      </p>
    </FormModal>
  );
}
