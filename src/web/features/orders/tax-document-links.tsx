import { downloadDocument } from '../../api/document-download';
import { TaxDocumentLinks as Links, type TaxDocumentLinksProps } from '../../ui/TaxDocumentLinks';

/** The customer's tax document links of a part, downloaded through the API client. */
export function TaxDocumentLinks(props: Omit<TaxDocumentLinksProps, 'download'>) {
  return <Links {...props} download={downloadDocument} />;
}
