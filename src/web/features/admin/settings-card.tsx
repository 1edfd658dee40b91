import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, LoadingRegion, Skeleton } from '../../ui/States';

/** One card of the Settings tab: its heading (which names the section) and what it sets. */
export function Card({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
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
export function NotLoaded({ settings, label }: { settings: UseQueryResult<unknown>; label: string }) {
  if (settings.isError)
    return (
      <ErrorState
        message={`Failed to load settings data: ${settings.error.message}`}
        onRetry={() => settings.refetch()}
      />
    );
  return (
    <LoadingRegion label={label}>
      <Skeleton className="h-48 w-full" />
    </LoadingRegion>
  );
}
