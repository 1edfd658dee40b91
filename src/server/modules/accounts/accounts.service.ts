import type { Me, RegisterData } from '../../../contracts/auth.contract';
import { sameMailbox, samePhone } from '../../../domain/contact-identity';
import { messages } from '../../../contracts/auth.contract';
import { AppError } from '../../platform/app-error';
import type { Db, DbOrTx } from '../../platform/db';
import type { Mailer, MailMessage } from '../../platform/mail';
import { createAccount, createPasswordReset, findReferrer, getMe, insertAddress, login, type LoginArgs } from '../auth';
import { createMerchant, getMerchantBusinessName } from '../merchants';
import { notify } from '../notifications';
import { createReferral } from '../referrals';

/**
 * Registers a customer, vendor or merchant: the account, its profile, its role row and, when a
 * valid referral code was given, the referral — all in one transaction, so nothing is half-created.
 * A new vendor or merchant is announced to the super admin in that transaction.
 */
export async function registerAccount({
  db,
  input,
}: {
  db: Db;
  input: RegisterData;
}): Promise<{ userId: string; referralCode: string }> {
  return db.transaction(async (tx) => {
    const phone =
      input.role === 'customer' ? input.phoneNumber : input.role === 'vendor' ? input.phone : input.mobileNumber;
    const referrer = input.referralCode ? await findReferrer(tx, input.referralCode) : null;
    if (input.referralCode && !referrer) {
      throw new AppError('REFERRAL_CODE_UNKNOWN', messages.referralUnknown, { referralCode: messages.referralUnknown });
    }
    // Nobody refers themselves: not with any spelling of the same mailbox, nor the same phone in any format.
    if (referrer && (sameMailbox(referrer.email, input.email) || samePhone(referrer.phone, phone))) {
      throw new AppError('REFERRAL_CODE_UNKNOWN', messages.referralSelf, { referralCode: messages.referralSelf });
    }
    const account = await createAccount(tx, {
      email: input.email,
      password: input.password,
      role: input.role,
      firstName: input.role === 'merchant' ? null : input.firstName,
      lastName: input.role === 'merchant' ? null : input.lastName,
      phoneNumber: phone,
      dateOfBirth: input.role === 'customer' ? input.dateOfBirth : null,
      gender: input.role === 'customer' ? input.gender : null,
      address: input.role === 'customer' ? input.address : input.role === 'vendor' ? input.businessAddress : null,
      businessName: input.role === 'customer' ? null : input.businessName,
    });
    // The address typed at sign-up becomes the customer's first saved address, the default.
    if (input.role === 'customer' && input.address && input.city && input.state && input.postalCode) {
      await insertAddress(tx, account.userId, {
        type: 'home',
        streetAddress: input.address,
        city: input.city,
        state: input.state,
        postalCode: input.postalCode,
        country: 'India',
        landmark: undefined,
        isDefault: true,
      });
    }
    if (input.role === 'merchant') {
      await createMerchant(tx, {
        userId: account.userId,
        businessName: input.businessName,
        email: input.email,
        mobileNumber: input.mobileNumber,
        upiId: input.upiId,
        whatsappNumber: input.whatsappNumber,
        website: input.website,
        cashbackPercentage: input.cashbackPercentage,
        referralCode: account.referralCode,
        referredByUserId: referrer?.userId ?? null,
      });
    }
    if (referrer && input.referralCode) {
      await createReferral(tx, {
        referrerUserId: referrer.userId,
        referredUserId: account.userId,
        referredUserType: input.role,
        referralCode: input.referralCode,
      });
    }
    // The super admin hears of a new vendor or merchant with the account; customers need no one's look.
    if (input.role !== 'customer') {
      await notify(tx, {
        kind: input.role === 'vendor' ? 'admin-vendor-waiting' : 'admin-merchant-waiting',
        to: 'admin',
        data: { businessName: input.businessName, email: input.email },
      });
    }
    return account;
  });
}

/** The signed-in user with role and profile (merchants with their business name). */
export async function getAccount({ db, userId }: { db: DbOrTx; userId: string }): Promise<Me> {
  const me = await getMe({ db, userId });
  if (me.role !== 'merchant') return me;
  const businessName = await getMerchantBusinessName(db, userId);
  return { ...me, businessName, displayName: businessName ?? me.displayName };
}

/** The mail with a reset link: where to go, for how long, and what to do if it was not you. */
export function passwordResetMail(a: { email: string; link: string; ttlMinutes: number }): MailMessage {
  return {
    to: a.email,
    subject: 'Reset your Haat password',
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked to reset the password of the Haat account ${a.email}.`,
      `Open this link within ${a.ttlMinutes} minutes to choose a new password:`,
      '',
      a.link,
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
      '',
      'Haat',
    ].join('\n'),
  };
}

/** Sends a reset link to an active account with this email; nothing happens (and nothing tells) when there is none. */
export async function sendPasswordReset({
  db,
  mailer,
  appUrl,
  email,
  ttlMinutes,
}: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  email: string;
  ttlMinutes: number;
}): Promise<void> {
  const reset = await createPasswordReset({ db, email, ttlMinutes });
  if (!reset) return;
  await mailer.send(
    passwordResetMail({ email: reset.email, link: `${appUrl}/reset-password?token=${reset.token}`, ttlMinutes }),
  );
}

/** The sign-in's arguments are auth's `login`'s (`replacing`: the session the browser sent, ended on sign-in). */
export type SignInArgs = LoginArgs;

/** Signs in and answers the session token with the user. */
export async function signIn(args: SignInArgs): Promise<{ token: string; me: Me }> {
  const { token, userId } = await login(args);
  return { token, me: await getAccount({ db: args.db, userId }) };
}
