import { and, eq, ne } from 'drizzle-orm';
import {
  erpMessages as m,
  type ErpProfileData,
  type ErpSettings,
  type ErpTwoFaSetup,
} from '../../../contracts/erp.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { encrypt } from '../../platform/secrets';
import { newTotpSecret, totpUri } from '../../platform/totp';
import { hashPassword, verifyPassword } from '../auth';
import { takeEmployeeCode } from './erp.accounts';
import { employees, employeeSessions } from './erp.tables';

const settingsColumns = {
  email: employees.email,
  phone: employees.phone,
  address: employees.address,
  emergencyContact: employees.emergencyContact,
  emergencyPhone: employees.emergencyPhone,
  twoFaEnabled: employees.twoFaEnabled,
};

/** The signed-in employee's contact details and whether two-factor is on. */
export async function getErpSettings(db: Db, employeeId: string): Promise<ErpSettings> {
  const [row] = await db.select(settingsColumns).from(employees).where(eq(employees.id, employeeId));
  return row;
}

/** Saves the employee's phone, address and emergency contact (empty clears a field). */
export async function updateErpProfile(db: DbOrTx, employeeId: string, input: ErpProfileData): Promise<ErpSettings> {
  const [row] = await db
    .update(employees)
    .set({
      phone: input.phone ?? null,
      address: input.address ?? null,
      emergencyContact: input.emergencyContact ?? null,
      emergencyPhone: input.emergencyPhone ?? null,
      updatedAt: new Date(),
    })
    .where(eq(employees.id, employeeId))
    .returning(settingsColumns);
  return row;
}

/** Stores a new two-factor secret (encrypted), not yet in use until a code from it is checked. */
export async function setUpEmployeeTwoFa(db: Db, config: Config, employeeId: string): Promise<ErpTwoFaSetup> {
  const [row] = await db
    .select({ email: employees.email, on: employees.twoFaEnabled })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (row.on) throw new AppError('CONFLICT', m.twoFaAlreadyOn);
  const secret = newTotpSecret();
  await db
    .update(employees)
    .set({ twoFaSecret: encrypt(config, secret), lastTotpStep: null, updatedAt: new Date() })
    .where(eq(employees.id, employeeId));
  return { secret, otpauthUri: totpUri(secret, `ERP:${row.email}`) };
}

/** Checks a code against the stored secret once (its time step is remembered); 400 'Invalid 2FA code' otherwise. */
async function checkCode(db: Db, config: Config, employeeId: string, code: string): Promise<void> {
  const [row] = await db
    .select({ secret: employees.twoFaSecret, lastStep: employees.lastTotpStep })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!row.secret) throw new AppError('VALIDATION_FAILED', m.twoFaNotSetup, { code: m.twoFaNotSetup });
  if (!(await takeEmployeeCode(db, config, { employeeId, storedSecret: row.secret, lastStep: row.lastStep, code }))) {
    throw new AppError('VALIDATION_FAILED', m.invalidCode, { code: m.invalidCode });
  }
}

/** Turns two-factor on after a valid code from the secret set up ('2FA not setup for this employee' without one). */
export async function enableEmployeeTwoFa(db: Db, config: Config, employeeId: string, code: string): Promise<void> {
  const [row] = await db.select({ on: employees.twoFaEnabled }).from(employees).where(eq(employees.id, employeeId));
  if (row.on) throw new AppError('CONFLICT', m.twoFaAlreadyOn);
  await checkCode(db, config, employeeId, code);
  await db.update(employees).set({ twoFaEnabled: true, updatedAt: new Date() }).where(eq(employees.id, employeeId));
}

/** Turns two-factor off with a valid code; the secret is forgotten. */
export async function disableEmployeeTwoFa(db: Db, config: Config, employeeId: string, code: string): Promise<void> {
  const [row] = await db.select({ on: employees.twoFaEnabled }).from(employees).where(eq(employees.id, employeeId));
  if (!row.on) throw new AppError('CONFLICT', m.twoFaOff);
  await checkCode(db, config, employeeId, code);
  await db
    .update(employees)
    .set({ twoFaEnabled: false, twoFaSecret: null, lastTotpStep: null, updatedAt: new Date() })
    .where(eq(employees.id, employeeId));
}

/** Changes the password after checking the current one; every other session of the employee ends. */
export async function changeEmployeePassword(
  db: Db,
  a: { employeeId: string; sessionId: string; currentPassword: string; password: string },
): Promise<void> {
  const [row] = await db.select({ hash: employees.passwordHash }).from(employees).where(eq(employees.id, a.employeeId));
  if (!(await verifyPassword(row.hash, a.currentPassword)))
    throw new AppError('VALIDATION_FAILED', m.currentPasswordWrong, { currentPassword: m.currentPasswordWrong });
  const hash = await hashPassword(a.password);
  await db.transaction(async (tx) => {
    await tx.update(employees).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(employees.id, a.employeeId));
    await tx
      .delete(employeeSessions)
      .where(and(eq(employeeSessions.employeeId, a.employeeId), ne(employeeSessions.id, a.sessionId)));
  });
}
