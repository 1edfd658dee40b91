import { NotFound } from '../ui/NotFound';

/** Any path the router does not know. */
export function NotFoundPage() {
  return (
    <NotFound
      title="Page not found"
      text="We could not find the page you were looking for. It may have moved, or the link may be mistyped."
      next={{ to: '/help', label: 'Visit the Help Center' }}
    />
  );
}
