import { useEffect, type ReactNode } from 'react';
import { cn } from './cn';

/** Sets the document title for a page. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Haat`;
  }, [title]);
}

/** A page's frame: its title as the h1 (and the document title), an optional lead, and the content. */
export function Page({
  title,
  lead,
  children,
  className,
  narrow,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
  narrow?: boolean;
}) {
  useTitle(title);
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6', narrow ? 'max-w-3xl' : 'max-w-7xl', className)}>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {lead && <p className="mt-2 text-slate-600">{lead}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}
