import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { staffPermissionLabels, type StaffPermission } from '../../domain/staff-permissions';
import { AppError } from './app-error';
import { requireAdmin, type AdminUser } from './auth-guards';

/**
 * What an admin operation needs: one staff permission, `signed-in` (any staff member: their own
 * session, their inbox) or `anyone` (the sign-in steps and invitation links, before a session).
 */
export type OperationPermission = StaffPermission | 'signed-in' | 'anyone';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api/admin/ operation declares the one permission it needs (checked before the request is read). */
    permission?: OperationPermission;
  }
}

/** The staff member behind the admin session, holding `permission`: 401 without a session, 403 without it. */
export function requirePermission(req: FastifyRequest, permission: StaffPermission | 'signed-in'): AdminUser {
  const admin = requireAdmin(req);
  if (permission !== 'signed-in' && !admin.permissions.includes(permission))
    throw new AppError(
      'PERMISSION_DENIED',
      `Your staff role does not allow this: it needs the “${staffPermissionLabels[permission]}” permission. Ask an owner.`,
    );
  return admin;
}

/**
 * One rule for the whole admin API: each /api/admin/ operation declares `config.permission`, and a
 * guard checks it before anything else of the route runs. An operation that declares none stops the
 * server from starting (and so every test), so none can slip through unguarded.
 */
export function installStaffPermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin/')) return;
    const permission = route.config?.permission;
    if (!permission)
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url}: declare the permission it needs (config.permission)`,
      );
    if (permission === 'anyone') return;
    const guard: onRequestHookHandler = async (req) => void requirePermission(req, permission);
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}
