import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, MapPin, Phone, Send, type LucideIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { maxLengthOf } from '../../../contracts/common.contract';
import { contactMessageSchema, contactTypeLabels, contactTypes } from '../../../contracts/content.contract';
import { ApiError, api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Input, Select, Textarea } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { textLinkClass } from './info-parts';
import { support } from './support-contacts';

type ContactForm = z.input<typeof contactMessageSchema>;
type ContactValues = z.output<typeof contactMessageSchema>;

const emptyForm: ContactForm = { name: '', email: '', type: 'general', subject: '', message: '' };
const formFields = Object.keys(emptyForm) as Array<keyof ContactForm>;

/** The sending state lasts at least this long, so the progress is visible (SPEC: 1 s send). */
const MIN_SENDING_MS = 1000;
/** How long the success banner stays (SPEC: 5 s). */
const SUCCESS_MS = 5000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** /contact: a message to the Haat team (stored for the super admin) and the company's contact details. */
export function ContactPage() {
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm, unknown, ContactValues>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: emptyForm,
  });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const showError = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setFormError('Something went wrong. Please try again.');
      return;
    }
    const matched = formFields.filter((field) => err.fields[field]);
    matched.forEach((field, index) =>
      setError(field, { type: 'server', message: err.fields[field] }, { shouldFocus: index === 0 }),
    );
    if (matched.length === 0) setFormError(err.message);
  };

  const onSubmit = async (values: ContactValues) => {
    setSent(false);
    setFormError(null);
    const minimum = wait(MIN_SENDING_MS);
    try {
      await Promise.all([api.post('/api/contact', values), minimum]);
    } catch (err) {
      await minimum;
      showError(err);
      return;
    }
    reset(emptyForm);
    setSent(true);
  };

  return (
    <Page
      title="Contact Us"
      lead="Questions, feedback or a partnership idea? Send us a message and our team will reply within 24 hours."
    >
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            Write to us
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Fields marked{' '}
            <span className="text-red-600" aria-hidden="true">
              *
            </span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>

          <div aria-live="polite">
            {sent && (
              <div className="mt-4">
                <Alert tone="success">Thank you for your message! We'll get back to you within 24 hours.</Alert>
              </div>
            )}
          </div>
          {formError && (
            <div className="mt-4">
              <Alert tone="error">
                <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                  <span>{formError}</span>
                  <button
                    type="button"
                    onClick={() => setFormError(null)}
                    className="rounded-sm font-medium underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600"
                  >
                    Dismiss
                  </button>
                </div>
              </Alert>
            </div>
          )}

          <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-4 space-y-4">
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Input label="Name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
              <Input
                label="Email"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                error={errors.email?.message}
                {...register('email')}
              />
            </div>
            <Select label="Type of enquiry" error={errors.type?.message} {...register('type')}>
              {contactTypes.map((type) => (
                <option key={type} value={type}>
                  {contactTypeLabels[type]}
                </option>
              ))}
            </Select>
            <Input
              label="Subject"
              required
              maxLength={maxLengthOf(contactMessageSchema.shape.subject)}
              error={errors.subject?.message}
              {...register('subject')}
            />
            <Textarea
              label="Message"
              required
              rows={6}
              maxLength={maxLengthOf(contactMessageSchema.shape.message)}
              hint="Include your order number if your message is about an order."
              error={errors.message?.message}
              {...register('message')}
            />
            <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto">
              {!isSubmitting && <Send className="h-4 w-4" aria-hidden="true" />}
              {isSubmitting ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </section>

        <section aria-labelledby="contact-details-title" className="space-y-4">
          <h2 id="contact-details-title" className="text-xl font-semibold text-slate-900">
            Other ways to reach us
          </h2>
          <ContactDetail icon={Mail} title="Email">
            <a href={`mailto:${support.email}`} className={textLinkClass}>
              {support.email}
            </a>
            <span className="block text-slate-600">{support.emailReply}</span>
          </ContactDetail>
          <ContactDetail icon={Phone} title="Phone (toll-free)">
            <a href={support.phoneHref} className={textLinkClass}>
              {support.phoneDisplay}
            </a>
            <span className="block text-slate-600">Available 24/7</span>
          </ContactDetail>
          <ContactDetail icon={MapPin} title="Office">
            <address className="not-italic text-slate-700">
              {support.company}
              {support.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </ContactDetail>
          <ContactDetail icon={Clock} title="Hours">
            <span className="block text-slate-700">{support.supportHours}</span>
            <span className="block text-slate-700">{support.officeHours}</span>
          </ContactDetail>
          <p className="text-sm text-slate-700">
            Looking for a quick answer? Visit the{' '}
            <Link to="/help" className={textLinkClass}>
              Help Center
            </Link>
            .
          </p>
        </section>
      </div>
    </Page>
  );
}

function ContactDetail({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 break-words">{children}</div>
      </div>
    </div>
  );
}
