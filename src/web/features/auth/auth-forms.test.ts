import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  customerRegisterSchema,
  merchantRegisterSchema,
  messages,
  vendorRegisterSchema,
} from '../../../contracts/auth.contract';
import { safeNextPath } from '../../ui/AuthFormParts';

// The sign-up forms validate with the same schemas as the server: these are the messages users see.

const customer = (
  over: Partial<z.input<typeof customerRegisterSchema>> = {},
): z.input<typeof customerRegisterSchema> => ({
  role: 'customer',
  firstName: 'Asha',
  lastName: 'Verma',
  phoneNumber: '98765 43210',
  dateOfBirth: '',
  gender: '',
  email: 'Asha@Example.in',
  address: '',
  password: 'secret12',
  confirmPassword: 'secret12',
  ...over,
});

const vendor = (over: Partial<z.input<typeof vendorRegisterSchema>> = {}): z.input<typeof vendorRegisterSchema> => ({
  role: 'vendor',
  firstName: '',
  lastName: '',
  businessName: 'Verma Traders',
  email: 'shop@example.in',
  phone: '+91 98765 43210',
  businessAddress: '12 MG Road, Pune',
  password: 'secret12',
  confirmPassword: 'secret12',
  ...over,
});

const merchant = (
  over: Partial<z.input<typeof merchantRegisterSchema>> = {},
): z.input<typeof merchantRegisterSchema> => ({
  role: 'merchant',
  businessName: 'Lakshmi Stores',
  email: 'lakshmi@example.in',
  mobileNumber: '9988776655',
  upiId: 'lakshmi@okicici',
  whatsappNumber: '',
  website: '',
  cashbackPercentage: '',
  referralCode: '',
  password: 'secret12',
  confirmPassword: 'secret12',
  ...over,
});

const schemas = [
  ['customer', customerRegisterSchema, customer],
  ['vendor', vendorRegisterSchema, vendor],
  ['merchant', merchantRegisterSchema, merchant],
] as const;

/** The message of the first issue at `path`, as react-hook-form shows it under that field. */
function messageAt(result: z.ZodSafeParseResult<unknown>, path: string): string | undefined {
  return result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe.each(schemas)('%s sign-up form', (_name, schema, values) => {
  it('accepts a complete form', () => {
    expect(schema.safeParse(values()).success).toBe(true);
  });

  it("says 'Passwords do not match' under the confirmation", () => {
    const result = schema.safeParse(values({ confirmPassword: 'secret13' }));
    expect(messageAt(result, 'confirmPassword')).toBe(messages.passwordsDoNotMatch);
    expect(messages.passwordsDoNotMatch).toBe('Passwords do not match');
  });

  it("says 'Password must be at least 6 characters long' under the password", () => {
    const result = schema.safeParse(values({ password: 'abc12', confirmPassword: 'abc12' }));
    expect(messageAt(result, 'password')).toBe('Password must be at least 6 characters long');
  });

  it('asks for the email', () => {
    expect(messageAt(schema.safeParse(values({ email: '' })), 'email')).toBe('Email is required');
  });
});

describe('required fields of each form', () => {
  it('customer: first name, last name and phone', () => {
    const result = customerRegisterSchema.safeParse(customer({ firstName: ' ', lastName: '', phoneNumber: '' }));
    expect(messageAt(result, 'firstName')).toBe('First name is required');
    expect(messageAt(result, 'lastName')).toBe('Last name is required');
    expect(messageAt(result, 'phoneNumber')).toBe('Phone number is required');
  });

  it('vendor: business name, phone and business address', () => {
    const result = vendorRegisterSchema.safeParse(vendor({ businessName: '', phone: '', businessAddress: '' }));
    expect(messageAt(result, 'businessName')).toBe('Business name is required');
    expect(messageAt(result, 'phone')).toBe('Phone number is required');
    expect(messageAt(result, 'businessAddress')).toBe('Business address is required');
  });

  it('merchant: business name, mobile number and UPI ID', () => {
    const result = merchantRegisterSchema.safeParse(merchant({ businessName: '', mobileNumber: '', upiId: '' }));
    expect(messageAt(result, 'businessName')).toBe('Business name is required');
    expect(messageAt(result, 'mobileNumber')).toBe('Mobile number is required');
    expect(messageAt(result, 'upiId')).toBe('UPI ID is required');
  });
});

describe('merchant cashback percentage', () => {
  it.each([[''], [undefined]])('defaults to 2 when the field is %j', (value) => {
    expect(merchantRegisterSchema.parse(merchant({ cashbackPercentage: value })).cashbackPercentage).toBe(2);
  });

  it('reads the text of the number input (no valueAsNumber)', () => {
    expect(merchantRegisterSchema.parse(merchant({ cashbackPercentage: '3.5' })).cashbackPercentage).toBe(3.5);
    expect(merchantRegisterSchema.parse(merchant({ cashbackPercentage: '0' })).cashbackPercentage).toBe(0);
    expect(merchantRegisterSchema.parse(merchant({ cashbackPercentage: 100 })).cashbackPercentage).toBe(100);
  });

  it("accepts what a number input may hold, such as '.5', and nothing else", () => {
    expect(merchantRegisterSchema.parse(merchant({ cashbackPercentage: '.5' })).cashbackPercentage).toBe(0.5);
    for (const value of ['0x10', '1e1', 'Infinity', '5.']) {
      expect(
        messageAt(merchantRegisterSchema.safeParse(merchant({ cashbackPercentage: value })), 'cashbackPercentage'),
      ).toBe('Cashback must be a number');
    }
  });

  it.each([['100.5'], [100.5], ['-1'], [-1]])("refuses %j with 'Cashback must be between 0 and 100'", (value) => {
    const result = merchantRegisterSchema.safeParse(merchant({ cashbackPercentage: value }));
    expect(messageAt(result, 'cashbackPercentage')).toBe('Cashback must be between 0 and 100');
  });
});

describe('merchant website', () => {
  it('adds https:// to a bare domain', () => {
    expect(merchantRegisterSchema.parse(merchant({ website: 'www.chaipoint.in' })).website).toBe(
      'https://www.chaipoint.in',
    );
  });

  it.each([['my shop'], ['localhost'], ['ftp://files.example.in'], ['javascript:alert(1)']])(
    "refuses %j with 'Please enter a valid website address'",
    (website) => {
      expect(messageAt(merchantRegisterSchema.safeParse(merchant({ website })), 'website')).toBe(
        'Please enter a valid website address',
      );
    },
  );
});

describe('customer date of birth', () => {
  it.each([['1990-02-30'], ['1990-13-01'], ['31-12-1990']])(
    "refuses %j with 'Please enter a valid date'",
    (dateOfBirth) => {
      expect(messageAt(customerRegisterSchema.safeParse(customer({ dateOfBirth })), 'dateOfBirth')).toBe(
        'Please enter a valid date',
      );
    },
  );

  it("refuses someone under 18 with 'You must be at least 18 years old to register'", () => {
    const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect(messageAt(customerRegisterSchema.safeParse(customer({ dateOfBirth: tenYearsAgo })), 'dateOfBirth')).toBe(
      'You must be at least 18 years old to register',
    );
  });
});

describe('merchant referral code from ?ref=', () => {
  it('is sent in upper case', () => {
    expect(merchantRegisterSchema.parse(merchant({ referralCode: 'merchab12cd' })).referralCode).toBe('MERCHAB12CD');
  });

  it('is left out when there is none', () => {
    expect(merchantRegisterSchema.parse(merchant()).referralCode).toBeUndefined();
  });
});

describe('zodResolver on the forms', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it("puts 'Passwords do not match' on confirmPassword", async () => {
    const result = await zodResolver(merchantRegisterSchema)(
      merchant({ confirmPassword: 'other1' }),
      undefined,
      options,
    );
    expect(result.errors.confirmPassword?.message).toBe('Passwords do not match');
  });

  it('hands the normalised values to the submit handler', async () => {
    const result = await zodResolver(merchantRegisterSchema)(
      merchant({ referralCode: 'merchab12cd', cashbackPercentage: '' }),
      undefined,
      options,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      referralCode: 'MERCHAB12CD',
      cashbackPercentage: 2,
      whatsappNumber: undefined,
    });
  });
});

describe('safeNextPath (where sign-in goes next)', () => {
  it.each([
    ['/cart', '/cart'],
    ['/product/42?x=1', '/product/42?x=1'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['cart', '/'],
  ])('%j goes to %j', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
