import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { erpMessages as m, type Employee, type ErpRegisterData } from '../../../contracts/erp.contract';
import { AppError } from '../../platform/app-error';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db';
import { decrypt } from '../../platform/secrets';
import { verifyTotp } from '../../platform/totp';
import { hashPassword, verifyPassword } from '../auth';
import { notify } from '../notifications';
import { createEmployeeSession } from './erp.sessions';
import { employees } from './erp.tables';

/** SPEC.md section 9: an employee's code may be one 30-second step early or late. */
export const EMPLOYEE_TOTP_WINDOW = 1;

/** The designation of an employee registered without one. */
export const DEFAULT_DESIGNATION = 'employee';

/** Refuses (409 on the field) an employee ID that another employee than `except` has. */
export async function assertEmployeeIdFree(db: DbOrTx, employeeId: string | undefined, except?: string): Promise<void> {
  if (!employeeId) return;
  const [taken] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.employeeId, employeeId), except ? ne(employees.id, except) : undefined));
  if (taken) throw new AppError('CONFLICT', m.employeeIdTaken, { employeeId: m.employeeIdTaken });
}

/**
 * Registers an employee (argon2id hash on the server); the account waits for the super admin's
 * approval, and the super admin is told in the same transaction.
 */
export async function registerEmployee({ db, input }: { db: Db; input: ErpRegisterData }): Promise<{ id: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(sql`lower(${employees.email}) = ${input.email}`);
    if (taken) throw new AppError('EMAIL_TAKEN', m.emailTaken, { email: m.emailTaken });
    await assertEmployeeIdFree(tx, input.employeeId);
    const [row] = await tx
      .insert(employees)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? null,
        department: input.department,
        designation: input.designation ?? DEFAULT_DESIGNATION,
        employeeId: input.employeeId ?? null,
        address: input.address ?? null,
        emergencyContact: input.emergencyContact ?? null,
        emergencyPhone: input.emergencyPhone ?? null,
        ...(input.dateOfJoining ? { dateOfJoining: input.dateOfJoining } : {}),
        isApproved: false,
        isActive: true,
      })
      // Two registrations with the same email at once: the unique index lets one through.
      .onConflictDoNothing()
      .returning({ id: employees.id });
    if (!row) throw new AppError('EMAIL_TAKEN', m.emailTaken, { email: m.emailTaken });
    await notify(tx, {
      kind: 'admin-employee-waiting',
      to: 'admin',
      data: { name: `${input.firstName} ${input.lastName}`, email: input.email },
    });
    return row;
  });
}

const employeeColumns = {
  id: employees.id,
  email: employees.email,
  firstName: employees.firstName,
  lastName: employees.lastName,
  department: employees.department,
  designation: employees.designation,
  employeeId: employees.employeeId,
  twoFaEnabled: employees.twoFaEnabled,
};

/** The signed-in employee's own record. */
export async function getEmployee({ db, employeeId }: { db: Db; employeeId: string }): Promise<Employee> {
  const [row] = await db.select(employeeColumns).from(employees).where(eq(employees.id, employeeId)).limit(1);
  if (!row) throw new AppError('UNAUTHENTICATED', m.notAuthenticated);
  return row;
}

/**
 * Checks an employee's code against their stored (encrypted) secret and takes its time step once:
 * the step is stored with a conditional update, so the same code sent twice at once passes once.
 */
export async function takeEmployeeCode(
  db: Db,
  config: Config,
  a: { employeeId: string; storedSecret: string; lastStep: number | null; code: string },
): Promise<boolean> {
  const step = verifyTotp({
    secret: decrypt(config, a.storedSecret),
    code: a.code,
    window: EMPLOYEE_TOTP_WINDOW,
    lastStep: a.lastStep,
  });
  if (step === null) return false;
  const taken = await db
    .update(employees)
    .set({ lastTotpStep: step })
    .where(and(eq(employees.id, a.employeeId), or(isNull(employees.lastTotpStep), lt(employees.lastTotpStep, step))))
    .returning({ id: employees.id });
  return taken.length > 0;
}

/** The id of the (not deleted) employee with this email, any case, or null: the account the code throttle counts against. */
export async function employeeIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(sql`lower(${employees.email}) = ${email.toLowerCase()}`, isNull(employees.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** `replacing`: the ERP session token the browser sent, if any; it ends when the new session opens. */
export type EmployeeLoginArgs = {
  db: Db;
  config: Config;
  email: string;
  password: string;
  code?: string;
  ip: string;
  userAgent: string | null;
  replacing?: string;
};

/**
 * Signs an approved, active employee in; every other cause answers the same 'Invalid credentials or
 * account not approved'. With two-factor on, the code is asked for ('2FA code required') and taken
 * once (the last used time step is stored). Answers the session token and the employee.
 */
export async function loginEmployee({
  db,
  config,
  email,
  password,
  code,
  ip,
  userAgent,
  replacing,
}: EmployeeLoginArgs): Promise<{ token: string; employee: Employee }> {
  const [row] = await db
    .select({
      ...employeeColumns,
      passwordHash: employees.passwordHash,
      isApproved: employees.isApproved,
      isActive: employees.isActive,
      twoFaSecret: employees.twoFaSecret,
      lastTotpStep: employees.lastTotpStep,
    })
    .from(employees)
    .where(and(sql`lower(${employees.email}) = ${email.toLowerCase()}`, isNull(employees.deletedAt)))
    .limit(1);
  const passwordOk = await verifyPassword(row?.passwordHash, password);
  if (!row || !passwordOk || !row.isApproved || !row.isActive)
    throw new AppError('INVALID_CREDENTIALS', m.invalidLogin);
  if (row.twoFaEnabled && row.twoFaSecret) {
    if (!code) throw new AppError('TWO_FA_REQUIRED', m.codeRequired);
    if (
      !(await takeEmployeeCode(db, config, {
        employeeId: row.id,
        storedSecret: row.twoFaSecret,
        lastStep: row.lastTotpStep,
        code,
      }))
    ) {
      throw new AppError('INVALID_CREDENTIALS', m.invalidCode, { code: m.invalidCode });
    }
  }
  await db.update(employees).set({ lastLogin: new Date() }).where(eq(employees.id, row.id));
  const token = await createEmployeeSession(db, { employeeId: row.id, ip, userAgent, replacing });
  const { passwordHash: _p, isApproved: _a, isActive: _i, twoFaSecret: _s, lastTotpStep: _l, ...employee } = row;
  return { token, employee };
}
