import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { UPI_REFERENCE_DIGITS } from '../../../contracts/common.contract';
import { merchantMessages, recordPaymentSchema, type RecordPaymentInput } from '../../../contracts/merchant.contract';
import { todayInIndia } from '../../../domain/age';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Field';
import { notify } from '../../ui/notify';
import { useServerErrors } from '../../api/field-errors';
import { useRecordPayment } from './use-merchant';

const fields = ['customer', 'amount', 'upiReference', 'paidOn'] as const;

/** Record payment: who paid (phone or email), how much, the 12-digit UPI reference and the date. */
export function RecordPaymentForm({ cashbackPercentage }: { cashbackPercentage: number }) {
  const defaults: RecordPaymentInput = { customer: '', amount: '', upiReference: '', paidOn: todayInIndia() };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecordPaymentInput>({
    resolver: zodResolver(recordPaymentSchema, undefined, { raw: true }),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { formError, showError, clearError } = useServerErrors(setError, [...fields], 'Failed to record payment');
  const record = useRecordPayment();

  const submit = async (values: RecordPaymentInput) => {
    clearError();
    try {
      const payment = await record.mutateAsync(values);
      notify.success(
        payment.cashbackPoints > 0
          ? `${merchantMessages.paymentRecorded} ${payment.cashbackPoints} cashback points are pending for the customer.`
          : merchantMessages.paymentRecorded,
        { action: 'merchant-payment', ms: 5000 },
      );
      reset({ ...defaults, paidOn: values.paidOn });
    } catch (err) {
      showError(err);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Record payment" className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Input
        label="Customer's phone or email"
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="98765 43210 or name@example.com"
        hint="The customer must have a Haat account"
        error={errors.customer?.message}
        {...register('customer')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Input
          label="Amount (₹)"
          required
          inputMode="decimal"
          placeholder="499.00"
          hint={`Cashback: ${cashbackPercentage}% as points, rounded down`}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Input
          label="Date of payment"
          type="date"
          required
          max={todayInIndia()}
          error={errors.paidOn?.message}
          {...register('paidOn')}
        />
      </div>
      <Input
        label="UPI transaction reference"
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder={`${UPI_REFERENCE_DIGITS} digits, e.g. 412345678901`}
        hint="The UTR / UPI Ref. No. shown in the payment app"
        error={errors.upiReference?.message}
        {...register('upiReference')}
      />
      <Button type="submit" loading={isSubmitting}>
        {isSubmitting ? 'Recording...' : 'Record payment'}
      </Button>
    </form>
  );
}
