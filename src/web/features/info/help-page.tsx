import { ArrowRight, Clock, Mail, MessageCircle, Phone, Search, X, type LucideIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Accordion } from '../../ui/Accordion';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { helpFaqs, helpTopics, matchesQuery } from './help-content';
import { InfoSection, textLinkClass } from './info-parts';
import { support } from './support-contacts';

type Channel = { icon: LucideIcon; title: string; detail: ReactNode; note: string };

const channels: Channel[] = [
  {
    icon: Mail,
    title: 'Email',
    detail: (
      <a href={`mailto:${support.email}`} className={textLinkClass}>
        {support.email}
      </a>
    ),
    note: support.emailReply,
  },
  {
    icon: Phone,
    title: 'Phone (toll-free)',
    detail: (
      <a href={support.phoneHref} className={textLinkClass}>
        {support.phoneDisplay}
      </a>
    ),
    note: 'Available 24/7',
  },
  {
    icon: MessageCircle,
    title: 'Live chat on WhatsApp',
    detail: (
      <a href={support.whatsappHref} target="_blank" rel="noopener noreferrer" className={textLinkClass}>
        Start a chat<span className="sr-only"> (opens in a new tab)</span>
      </a>
    ),
    note: support.chatWait,
  },
];

/** /help: searchable topics and FAQs, and the ways to reach support. */
export function HelpPage() {
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const trimmed = query.trim();

  const topics = useMemo(
    () => helpTopics.filter((t) => matchesQuery(trimmed, [t.title, t.description, ...t.keywords])),
    [trimmed],
  );
  const faqs = useMemo(() => helpFaqs.filter((f) => matchesQuery(trimmed, [f.question, f.answer])), [trimmed]);
  const nothingFound = trimmed !== '' && topics.length === 0 && faqs.length === 0;

  const clear = () => {
    setQuery('');
    searchRef.current?.focus();
  };

  const faqItems = faqs.map((f) => ({
    id: f.id,
    title: f.question,
    content: (
      <>
        <p>{f.answer}</p>
        {f.link && (
          <p className="mt-3">
            <Link to={f.link.to} className={textLinkClass}>
              {f.link.label}
            </Link>
          </p>
        )}
      </>
    ),
  }));

  return (
    <Page title="Help Center" lead="Find answers about orders, payments, points, returns and your account.">
      <div role="search" aria-label="Help articles" className="max-w-2xl">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
          Search help topics and questions
        </label>
        <div className="relative mt-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.preventDefault();
                setQuery('');
              }
            }}
            placeholder="For example: refund, withdraw, shipping"
            autoComplete="off"
            className="block w-full rounded-lg border border-slate-300 bg-white py-3 pl-10 pr-11 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-violet-600 [&::-webkit-search-cancel-button]:appearance-none"
          />
          {query && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear search"
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          )}
        </div>
        <p className="sr-only" aria-live="polite" role="status">
          {trimmed === ''
            ? ''
            : `${topics.length} ${topics.length === 1 ? 'topic' : 'topics'} and ${faqs.length} ${faqs.length === 1 ? 'question' : 'questions'} found`}
        </p>
      </div>

      {nothingFound ? (
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
          <Search className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-medium text-slate-900">No results for “{trimmed}”</p>
          <p className="mt-1 text-sm text-slate-600">Try another word, or contact our support team below.</p>
          <Button variant="secondary" className="mt-4" onClick={clear}>
            Clear search
          </Button>
        </div>
      ) : (
        <>
          {topics.length > 0 && (
            <InfoSection title="Browse help topics" className="mt-10">
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {topics.map(({ id, icon: Icon, title, description, articles, link }) => (
                  <li key={id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                    <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
                      <Icon className="h-5 w-5" aria-hidden="true" />
                    </span>
                    <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                    <p className="mt-1 text-sm text-slate-600">{articles} articles</p>
                    <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">{description}</p>
                    <Link
                      to={link.to}
                      className={`${textLinkClass} mt-4 inline-flex items-center gap-1 self-start text-sm`}
                    >
                      {link.label}
                      <ArrowRight className="h-4 w-4" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
            </InfoSection>
          )}

          {faqs.length > 0 && (
            <InfoSection title="Frequently asked questions" className="mt-10">
              <Accordion items={faqItems} className="max-w-4xl" />
            </InfoSection>
          )}
        </>
      )}

      <InfoSection
        title="Still need help?"
        lead="Our support team is here for you 24/7, every day of the year."
        className="mt-10"
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {channels.map(({ icon: Icon, title, detail, note }) => (
            <li key={title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 break-words">{detail}</p>
              <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600">
                <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
                {note}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-slate-700">
          Prefer to write to us in detail?{' '}
          <Link to="/contact" className={textLinkClass}>
            Send us a message
          </Link>
          .
        </p>
      </InfoSection>
    </Page>
  );
}
