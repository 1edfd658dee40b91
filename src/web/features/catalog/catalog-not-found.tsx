import { NotFound } from '../../ui/NotFound';

/** A product or shop that does not exist or is no longer on sale: says so, with the ways back. */
export function CatalogNotFound({ title, text }: { title: string; text: string }) {
  return <NotFound title={title} text={text} next={{ to: '/search', label: 'Browse all products' }} />;
}
