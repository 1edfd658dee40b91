import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { adminListQuerySchema } from './admin-lists.contract';
import { adminOrderStatusSchema } from './admin-orders.contract';
import { referralSettingsSchema } from './admin-settings.contract';
import { merchantBusinessFields } from './auth.contract';
import { maxLengthOf, numberRangeOf, optionalText, requiredText, UPI_REFERENCE_PATTERN } from './common.contract';
import { contactMessageSchema } from './content.contract';
import { erpProfileSchema } from './erp.contract';
import {
  erpSearchQuerySchema,
  projectFormSchema,
  rejectTimesheetSchema,
  taskFormSchema,
  timesheetFormSchema,
} from './erp-work.contract';
import { newReviewSchema } from './orders.contract';
import { vendorPartStatusSchema } from './vendor-orders.contract';

describe('maxLengthOf', () => {
  it('reads the limit through optional, default, preprocess and transform wrappers', () => {
    expect(maxLengthOf(requiredText('x', 120))).toBe(120);
    expect(maxLengthOf(optionalText(2000))).toBe(2000);
    expect(maxLengthOf(z.string().trim().max(40).default(''))).toBe(40);
    expect(maxLengthOf(z.preprocess((v) => v, z.string().max(7).optional()))).toBe(7);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number())).toBeUndefined();
  });

  it('gives the forms the limits their inputs had', () => {
    expect([
      maxLengthOf(adminListQuerySchema.shape.q),
      maxLengthOf(adminOrderStatusSchema.shape.note),
      maxLengthOf(contactMessageSchema.shape.subject),
      maxLengthOf(contactMessageSchema.shape.message),
      maxLengthOf(erpProfileSchema.shape.address),
      maxLengthOf(erpProfileSchema.shape.emergencyContact),
      maxLengthOf(erpSearchQuerySchema.shape.q),
      maxLengthOf(projectFormSchema.shape.name),
      maxLengthOf(projectFormSchema.shape.clientName),
      maxLengthOf(rejectTimesheetSchema.shape.reason),
      maxLengthOf(taskFormSchema.shape.title),
      maxLengthOf(timesheetFormSchema.shape.description),
      maxLengthOf(newReviewSchema.shape.comment),
      maxLengthOf(vendorPartStatusSchema.shape.trackingNote),
    ]).toEqual([100, 300, 200, 5000, 300, 120, 100, 120, 120, 500, 200, 1000, 2000, 300]);
  });
});

describe('numberRangeOf', () => {
  it('reads the bounds of a number field through its wrappers', () => {
    expect(numberRangeOf(z.coerce.number().int().min(1).max(9))).toEqual({ min: 1, max: 9 });
    expect(numberRangeOf(z.string().transform(Number).pipe(z.number().min(0)).optional())).toEqual({
      min: 0,
      max: Infinity,
    });
    expect(numberRangeOf(z.string())).toEqual({ min: undefined, max: undefined });
  });

  it('gives the forms the bounds their inputs had', () => {
    expect(numberRangeOf(merchantBusinessFields.cashbackPercentage)).toEqual({ min: 0, max: 100 });
    expect(
      ['minTransactions', 'minTransactionVolume', 'referralPointsAwarded'].map(
        (k) => numberRangeOf(referralSettingsSchema.shape[k as keyof typeof referralSettingsSchema.shape]).min,
      ),
    ).toEqual([1, 0, 0]);
  });
});

describe('UPI_REFERENCE_PATTERN', () => {
  it('is 12 digits', () => {
    expect(['123456789012', '000000000000'].map((v) => UPI_REFERENCE_PATTERN.test(v))).toEqual([true, true]);
    expect(['12345678901', '1234567890123', '12345678901a', ''].map((v) => UPI_REFERENCE_PATTERN.test(v))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
