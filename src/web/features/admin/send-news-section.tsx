import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { maxLengthOf } from '../../../contracts/common.contract';
import { COUPON_CODE_MAX } from '../../../contracts/promotions.contract';
import {
  NEWS_MESSAGE_MAX,
  newsAudienceLabels,
  newsAudiences,
  newsMessages,
  newsSchema,
  type News,
  type NewsInput,
} from '../../../contracts/notifications.contract';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { RatesSection, useConfirmedAdd } from './rate-form-parts';
import { StepUpDialog } from './step-up-dialog';

const blank: NewsInput = { audience: '' as NewsInput['audience'], title: '', message: '', couponCode: '' };

/** How much of the message is used, as the field's hint: '120 / 2,000 characters'. */
export const characterCount = (text: string, max = NEWS_MESSAGE_MAX) =>
  `${text.length.toLocaleString('en-IN')} / ${max.toLocaleString('en-IN')} characters`;

/**
 * Send news: an announcement to the active customers, vendors, merchants or everyone, in their inbox
 * and by email to those who left news on (the news group of their email preferences). Checked with
 * the server's contract, then confirmed with a fresh code.
 */
export function SendNewsSection() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<NewsInput, unknown, News>({ resolver: zodResolver(newsSchema), defaultValues: blank, mode: 'onTouched' });
  const message = useWatch({ control, name: 'message' }) ?? '';
  const send = useConfirmedAdd<NewsInput, News>({
    path: '/api/admin/announcements',
    fields: ['audience', 'title', 'message', 'couponCode'],
    setError,
    failure: newsMessages.failed,
    toast: 'admin-news',
    onDone: () => reset(blank),
  });
  const pending = send.pending;
  return (
    <RatesSection
      id="admin-send-news"
      title="Send news"
      lead="An announcement from Haat: it goes to the inbox of every active account you choose, and by email to those who have News on in their email notifications."
    >
      <form onSubmit={handleSubmit(send.ask)} noValidate className="space-y-4" aria-label="Send news">
        {send.formError && <Alert tone="error">{send.formError}</Alert>}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Select label="Send to" required error={errors.audience?.message} {...register('audience')}>
            <option value="">Choose who receives it</option>
            {newsAudiences.map((a) => (
              <option key={a} value={a}>
                {newsAudienceLabels[a]}
              </option>
            ))}
          </Select>
          <div className="sm:col-span-2">
            <Input
              label="Title"
              required
              maxLength={maxLengthOf(newsSchema.shape.title)}
              hint="The email's subject, too"
              error={errors.title?.message}
              autoComplete="off"
              {...register('title')}
            />
          </div>
        </div>
        <Textarea
          label="Message"
          required
          rows={6}
          maxLength={maxLengthOf(newsSchema.shape.message)}
          hint={characterCount(message)}
          error={errors.message?.message}
          {...register('message')}
        />
        <Input
          label="Coupon code (optional)"
          maxLength={COUPON_CODE_MAX + 4}
          hint="A coupon of a promotion not ended: customers get a button that applies it at checkout"
          error={errors.couponCode?.message}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="uppercase"
          {...register('couponCode')}
        />
        <div className="flex justify-end">
          <Button type="submit" className="w-full sm:w-auto">
            Review and send
          </Button>
        </div>
      </form>
      <StepUpDialog
        open={pending !== null}
        title="Send news"
        actionLabel="Send news"
        description={pending && <NewsPreview news={pending} />}
        onCancel={send.cancel}
        onConfirm={send.confirm}
      />
    </RatesSection>
  );
}

/** What is about to go out, and to whom: news cannot be taken back once sent. */
export function NewsPreview({ news }: { news: News }) {
  return (
    <div className="space-y-2">
      <p>
        To <span className="font-medium text-slate-900">{newsAudienceLabels[news.audience].toLowerCase()}</span>: each
        active account gets it in the inbox, and by email if News is on. It cannot be taken back.
      </p>
      <div className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        <p className="break-words font-medium text-slate-900">{news.title}</p>
        <p className="mt-1 whitespace-pre-line break-words">{news.message}</p>
        {news.couponCode && (
          <p className="mt-2 font-medium text-slate-900">With the button {newsMessages.applyCode(news.couponCode)}</p>
        )}
      </div>
    </div>
  );
}
