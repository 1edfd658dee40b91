import { z } from 'zod';
import { emailSchema, requiredText } from './common.contract';

export const contactTypes = ['general', 'support', 'vendor', 'feedback'] as const;
export const contactTypeLabels: Record<(typeof contactTypes)[number], string> = {
  general: 'General Inquiry',
  support: 'Order & Account Support',
  vendor: 'Vendor Partnership',
  feedback: 'Feedback',
};

/** The contact form, validated the same way in the browser and on the server. */
export const contactMessageSchema = z.object({
  name: requiredText('Name is required', 100),
  email: emailSchema,
  type: z.enum(contactTypes, { error: 'Please choose a type of enquiry from the list' }).default('general'),
  subject: requiredText('Subject is required', 200),
  message: requiredText('Message is required', 5000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactMessageCreatedSchema = z.object({ id: z.uuid(), createdAt: z.string() });
