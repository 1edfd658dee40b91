import { z } from 'zod';
import { gstinState } from '../domain/india-ids';
import { INDIA_STATES_AND_UTS } from '../domain/india-states';
import { gstinProblem } from './payout-details.contract';
import { stepUpCodeSchema } from './admin-lists.contract';
import { STATE_MESSAGE } from './common.contract';

// Haat's own commission invoices to its vendors: the vendor's list on its Earnings tab (PDFs at
// `/api/vendor/earnings/commission-invoices/:id.pdf`), and Haat's GST registration that the super
// admin sets in Settings (until it is set, no commission invoice is issued).

export const commissionDocumentKinds = ['invoice', 'credit_note'] as const;

/** One commission invoice or credit note as the vendor's list shows it. */
export const commissionDocumentSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(commissionDocumentKinds),
  /** 'HC/26-27/000001' or 'HCN/26-27/000001'. */
  number: z.string(),
  /** The month it covers, YYYY-MM. */
  month: z.string(),
  /** YYYY-MM-DD, India. */
  issuedOn: z.string(),
  /** The commission (taxable value). */
  taxablePaise: z.number().int(),
  /** The GST on it: debited from the payable balance for an invoice, credited back for a credit note. */
  gstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type CommissionDocumentSummary = z.infer<typeof commissionDocumentSummarySchema>;
export const commissionDocumentListSchema = z.array(commissionDocumentSummarySchema);

export const commissionDocumentParamsSchema = z.object({ documentId: z.string().max(64) });

export const commissionMessages = {
  notFound: 'Document not found',
  loadFailed: 'Could not load your commission invoices. Please try again.',
  saved: "Haat's GST registration saved",
  saveFailed: "Failed to save Haat's GST registration",
  legalNameRequired: "Enter Haat's legal name as registered for GST",
  addressRequired: "Enter Haat's registered address",
  gstinRequired: "Enter Haat's GSTIN",
  stateRequired: STATE_MESSAGE,
  gstinNotState: (gstinStateName: string, state: string) =>
    `This GSTIN is registered in ${gstinStateName}, not ${state}`,
  notSet:
    "Commission invoices are not being issued: set Haat's GST registration (legal name, address, state and GSTIN) first.",
};

/** The link text of a document: 'Commission invoice HC/26-27/000001' or 'Commission credit note HCN/26-27/000001'. */
export const commissionDocumentLabel = (d: Pick<CommissionDocumentSummary, 'kind' | 'number'>) =>
  `${d.kind === 'invoice' ? 'Commission invoice' : 'Commission credit note'} ${d.number}`;

/** Haat's GST registration as its commission invoices print it. */
export const haatTaxIdentityValuesSchema = z
  .object({
    legalName: z
      .string({ error: commissionMessages.legalNameRequired })
      .trim()
      .min(1, commissionMessages.legalNameRequired)
      .max(200),
    address: z
      .string({ error: commissionMessages.addressRequired })
      .trim()
      .min(1, commissionMessages.addressRequired)
      .max(500),
    state: z.enum(INDIA_STATES_AND_UTS, { error: commissionMessages.stateRequired }),
    gstin: z
      .string({ error: commissionMessages.gstinRequired })
      .trim()
      .toUpperCase()
      .min(1, commissionMessages.gstinRequired)
      .superRefine((v, ctx) => {
        const problem = v === '' ? null : gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .superRefine((v, ctx) => {
    // Haat's registered state is its GSTIN's state: the two must agree.
    const registered = gstinState(v.gstin);
    if (registered && registered !== v.state)
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: commissionMessages.gstinNotState(registered, v.state) });
  });
export type HaatTaxIdentityValues = z.output<typeof haatTaxIdentityValuesSchema>;
export type HaatTaxIdentityInput = z.input<typeof haatTaxIdentityValuesSchema>;

/** `PUT /api/admin/settings/haat-gst`: the values and a fresh two-factor code. */
export const haatTaxIdentityUpdateSchema = haatTaxIdentityValuesSchema.and(z.object({ code: stepUpCodeSchema }));

/** `GET /api/admin/settings/haat-gst`: the values saved (null while not set) and why no invoice is issued then. */
export const haatTaxIdentityViewSchema = z.object({
  identity: z.object({ legalName: z.string(), address: z.string(), state: z.string(), gstin: z.string() }).nullable(),
  notice: z.string().nullable(),
});
export type HaatTaxIdentityView = z.infer<typeof haatTaxIdentityViewSchema>;

/**
 * One commission document in the month's output GST report; a credit note's amounts are below zero
 * (it reduces the month's output tax).
 */
export const commissionGstRowSchema = z.object({
  id: z.string(),
  kind: z.enum(commissionDocumentKinds),
  number: z.string(),
  issuedOn: z.string(),
  /** The month whose commission it bills (or gives back), YYYY-MM. */
  month: z.string(),
  vendorUserId: z.string(),
  vendorName: z.string(),
  /** The vendor's GSTIN as printed (null: unregistered). */
  gstin: z.string().nullable(),
  placeOfSupplyState: z.string().nullable(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type CommissionGstRow = z.infer<typeof commissionGstRowSchema>;

/** `GET /api/admin/reports/commission-gst?month=YYYY-MM`: Haat's output GST on its commission, from the commission documents issued in the month (invoices less credit notes). */
export const commissionGstReportSchema = z.object({
  month: z.string(),
  rows: z.array(commissionGstRowSchema),
  totals: z.object({
    invoices: z.number().int(),
    creditNotes: z.number().int(),
    taxablePaise: z.number().int(),
    cgstPaise: z.number().int(),
    sgstPaise: z.number().int(),
    igstPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  /** Why no commission invoice is being issued (Haat's GST registration is not set), else null. */
  notice: z.string().nullable(),
});
export type CommissionGstReport = z.infer<typeof commissionGstReportSchema>;
