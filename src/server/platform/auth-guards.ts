import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../contracts/auth.contract';
import type { StaffPermission } from '../../domain/staff-permissions';
import { AppError } from './app-error';

/** Who is calling, as resolved from the session cookie. */
export type SessionUser = { id: string; email: string; role: Role; sessionId: string };

/** A staff member of the operator, as resolved from the admin session cookie on /api/admin/ requests. */
export type AdminUser = { id: string; email: string; name: string | null; permissions: readonly StaffPermission[] };

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    admin: AdminUser | null;
  }
}

export const SESSION_COOKIE = 'haat_session';

/** The options of every session cookie: httpOnly, SameSite=Lax, Secure when configured (by default in production). */
export function sessionCookieOptions(config: { COOKIE_SECURE: boolean }, maxAgeSeconds?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.COOKIE_SECURE,
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** The signed-in user, or 401. */
export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return req.user;
}

/** The signed-in user with one of the given roles: 401 without a session, 403 with another role. */
export function requireRole(req: FastifyRequest, ...allowed: Role[]): SessionUser {
  const user = requireUser(req);
  if (!allowed.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have access to this page.');
  return user;
}

/** An onRequest hook form of requireRole, for route options: who may call is settled before the request is read. */
export const roleGuard =
  (...allowed: Role[]) =>
  async (req: FastifyRequest, _reply: FastifyReply) => {
    requireRole(req, ...allowed);
  };

/** An onRequest hook form of requireUser (any role): a guest gets 401 before the request is read. */
export const userGuard = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireUser(req);
};

/** Where the request came from, for sessions and logs. */
export function origin(req: FastifyRequest): { ip: string; userAgent: string | null } {
  return { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null };
}

export const ADMIN_SESSION_COOKIE = 'haat_admin_session';

/** The super admin behind the admin session cookie, or 401 (a shopper's session, of any role, is not one). */
export function requireAdmin(req: FastifyRequest): AdminUser {
  if (!req.admin)
    throw new AppError('UNAUTHENTICATED', 'Super admin session required. Please sign in at /admin/login.');
  return req.admin;
}

/** An onRequest hook form of requireAdmin: without the admin session, 401 before the request is read. */
export const adminGuard = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireAdmin(req);
};
