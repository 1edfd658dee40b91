// Sign-in and sign-up messages apart from the zod schemas (auth.contract.ts re-exports them): the
// header needs one on every page, and must not bring zod into the browser's first download.

export const PASSWORD_MIN = 6;
export const messages = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  customerCreated: 'Account created successfully! You can now login.',
  vendorCreated: 'Vendor account created successfully! You can now login and set up your shop.',
  merchantCreated: 'Merchant account created successfully! You can now login.',
  emailTaken: 'An account with this email already exists. Please login instead.',
  referralUnknown: 'This referral code is not valid. Please check the link you were given.',
  referralSelf: 'You cannot use your own referral code.',
  invalidCredentials: 'Invalid email or password',
  suspended: 'Your account has been suspended. Please contact support.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  signOutFailed: 'Error signing out. Please try again.',
} as const;

/** What an address past its hourly registrations or password reset requests is told (429, with Retry-After). */
export const limitMessages = {
  registrations: (minutes: number) =>
    `Too many accounts have been registered from your network. Please try again in ${waitWords(minutes)}.`,
  passwordResets: (minutes: number) =>
    `Too many password reset requests from your network. Please try again in ${waitWords(minutes)}.`,
  downloads: (seconds: number) =>
    `Too many downloads in a minute. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`,
} as const;

const waitWords = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);
