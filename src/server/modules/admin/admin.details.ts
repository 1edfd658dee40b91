import {
  detailsMessages,
  type AccountDetails,
  type DetailsSaved,
  type EmployeeDetails,
  type MerchantDetails,
} from '../../../contracts/admin-details.contract';
import type { ErpEmployeeDetailsData } from '../../../contracts/erp.contract';
import type { MerchantProfileUpdate } from '../../../contracts/merchant.contract';
import type { ProfileUpdateData } from '../../../contracts/profile.contract';
import { AppError } from '../../platform/app-error';
import type { DbOrTx } from '../../platform/db';
import { auditChanges } from '../audit';
import { emailOfUser, getMe, hasRole, updateProfile } from '../auth';
import { getEmployeeRecord, updateEmployeeRecord } from '../erp';
import { getMerchantProfile, updateMerchantProfile } from '../merchants';
import type { SensitiveTx } from './admin.step-up';

// None of the fields these forms hold is a secret (a UPI ID is a public payment address), so
// every change is recorded with its old and new values.

type AccountKind = 'user' | 'vendor' | 'merchant';
export type AccountDetailsKind = Exclude<AccountKind, 'merchant'>;
type Read = { db: DbOrTx; id: string };
type Edit<I> = { sensitiveTx: SensitiveTx; id: string; input: I };

/** 404 unless the account exists, is not deleted and (on the Vendors and Merchants tabs) has that role. */
async function assertAccount(db: DbOrTx, id: string, kind: AccountKind): Promise<void> {
  const found =
    (await emailOfUser(db, id)) !== null && (kind === 'user' || (await hasRole(db, { userId: id, role: kind })));
  if (!found) throw new AppError('NOT_FOUND', detailsMessages[kind].notFound);
}

const accountDetails = async (db: DbOrTx, id: string): Promise<AccountDetails> => {
  const { email, firstName, lastName, phoneNumber, dateOfBirth, gender } = await getMe({ db, userId: id });
  return { email, firstName, lastName, phoneNumber, dateOfBirth, gender };
};

/** A user's or vendor's personal information, as their own profile form holds it. */
export async function getAccountDetails({
  db,
  id,
  kind,
}: Read & { kind: AccountDetailsKind }): Promise<AccountDetails> {
  await assertAccount(db, id, kind);
  return accountDetails(db, id);
}

/** Edits a user's or vendor's personal information with a fresh code, through their own profile update; audited with the fields changed. */
export async function updateAccountDetails({
  sensitiveTx,
  id,
  input,
  kind,
}: Edit<ProfileUpdateData> & { kind: AccountDetailsKind }): Promise<DetailsSaved<AccountDetails>> {
  return sensitiveTx(async (tx) => {
    await assertAccount(tx, id, kind);
    const before = await accountDetails(tx, id);
    await updateProfile({ db: tx, userId: id, input });
    const after = await accountDetails(tx, id);
    return {
      result: { message: detailsMessages[kind].updated, details: after },
      audit: {
        action: `${kind}_updated`,
        resourceType: kind,
        resourceId: id,
        newData: { changes: auditChanges(before, after) },
      },
    };
  });
}

/** A merchant's business details, as its dashboard shows them. */
export async function getMerchantDetails({ db, id }: Read): Promise<MerchantDetails> {
  await assertAccount(db, id, 'merchant');
  return getMerchantProfile(db, id);
}

/** Edits a merchant's business details with a fresh code, through the merchant's own profile update; audited with the fields changed. */
export async function updateMerchantDetails({
  sensitiveTx,
  id,
  input,
}: Edit<MerchantProfileUpdate>): Promise<DetailsSaved<MerchantDetails>> {
  return sensitiveTx(async (tx) => {
    await assertAccount(tx, id, 'merchant');
    const before = await getMerchantProfile(tx, id);
    const after = await updateMerchantProfile({ db: tx, userId: id, input });
    return {
      result: { message: detailsMessages.merchant.updated, details: after },
      audit: {
        action: 'merchant_updated',
        resourceType: 'merchant',
        resourceId: id,
        newData: { changes: auditChanges(before, after) },
      },
    };
  });
}

/** An employee's registration fields and contact details. */
export async function getEmployeeDetails({ db, id }: Read): Promise<EmployeeDetails> {
  const record = await getEmployeeRecord(db, id);
  if (!record) throw new AppError('NOT_FOUND', detailsMessages.employee.notFound);
  return record;
}

/** Edits an employee's registration fields and contact details with a fresh code (a taken employee ID: 409); audited with the fields changed. */
export async function updateEmployeeDetails({
  sensitiveTx,
  id,
  input,
}: Edit<ErpEmployeeDetailsData>): Promise<DetailsSaved<EmployeeDetails>> {
  return sensitiveTx(async (tx) => {
    const before = await getEmployeeDetails({ db: tx, id });
    const after = await updateEmployeeRecord(tx, id, input);
    if (!after) throw new AppError('NOT_FOUND', detailsMessages.employee.notFound);
    return {
      result: { message: detailsMessages.employee.updated, details: after },
      audit: {
        action: 'employee_updated',
        resourceType: 'employee',
        resourceId: id,
        newData: { changes: auditChanges(before, after) },
      },
    };
  });
}
