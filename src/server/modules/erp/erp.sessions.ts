import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { erpMessages } from '../../../contracts/erp.contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/db';
import { employees, employeeSessions } from './erp.tables';

/** The ERP's own session cookie: employees are a separate realm from shoppers and the super admin. */
export const ERP_SESSION_COOKIE = 'haat_erp_session';
/** SPEC.md section 9: an employee session lasts 8 hours. */
export const ERP_SESSION_HOURS = 8;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a session (32 random bytes in hex; only its SHA-256 is stored); answers the token for the cookie.
 * The session the browser sent (`replacing`), its own or one planted before sign-in, ends.
 */
export async function createEmployeeSession(
  db: Db,
  a: { employeeId: string; ip: string; userAgent: string | null; replacing?: string },
): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.transaction(async (tx) => {
    if (a.replacing) await tx.delete(employeeSessions).where(eq(employeeSessions.sessionToken, hash(a.replacing)));
    await tx.insert(employeeSessions).values({
      employeeId: a.employeeId,
      sessionToken: hash(token),
      expiresAt: new Date(Date.now() + ERP_SESSION_HOURS * 3600_000),
      ipAddress: a.ip,
      userAgent: a.userAgent,
    });
  });
  return token;
}

/** The employee behind a session, and the session's id (kept when the password changes, the others end). */
export type SignedInEmployee = { id: string; email: string; sessionId: string };

/** The approved, active employee behind a session token; an expired session is removed when read. */
export async function resolveEmployeeSession(db: Db, token: string): Promise<SignedInEmployee | null> {
  const tokenHash = hash(token);
  const [row] = await db
    .select({ id: employees.id, email: employees.email, sessionId: employeeSessions.id })
    .from(employeeSessions)
    .innerJoin(employees, eq(employees.id, employeeSessions.employeeId))
    .where(
      and(
        eq(employeeSessions.sessionToken, tokenHash),
        gt(employeeSessions.expiresAt, new Date()),
        eq(employees.isApproved, true),
        eq(employees.isActive, true),
        isNull(employees.deletedAt),
      ),
    )
    .limit(1);
  if (!row)
    await db
      .delete(employeeSessions)
      .where(and(eq(employeeSessions.sessionToken, tokenHash), lte(employeeSessions.expiresAt, new Date())));
  return row ?? null;
}

/** Ends the session of this token. */
export async function endEmployeeSession(db: Db, token: string): Promise<void> {
  await db.delete(employeeSessions).where(eq(employeeSessions.sessionToken, hash(token)));
}

// The employee found by employeeGuard, so that the handler does not look the session up again.
const signedIn = new WeakMap<FastifyRequest, SignedInEmployee>();

/** The signed-in employee of an ERP request, or 401 'Not authenticated' (a shopper's or the super admin's session is not one). */
export async function requireEmployee(db: Db, req: FastifyRequest): Promise<SignedInEmployee> {
  const known = signedIn.get(req);
  if (known) return known;
  const token = req.cookies[ERP_SESSION_COOKIE];
  const employee = token ? await resolveEmployeeSession(db, token) : null;
  if (!employee) throw new AppError('UNAUTHENTICATED', erpMessages.notAuthenticated);
  signedIn.set(req, employee);
  return employee;
}

/** An onRequest hook form of requireEmployee: a guest gets 401 before the request's body, query or path is read. */
export const employeeGuard = (db: Db) => async (req: FastifyRequest) => {
  await requireEmployee(db, req);
};
