import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../contracts/common.contract';
import {
  permissionLabels,
  teamMessages,
  VENDOR_HEADER,
  vendorRoleLabels,
} from '../../../contracts/vendor-team.contract';
import { roleGrants, type VendorPermission } from '../../../domain/vendor-team';
import { AppError } from '../../platform/app-error';
import { requireUser } from '../../platform/auth-guards';
import { vendorMemberRole } from './auth.vendor-team';

declare module 'fastify' {
  interface FastifyRequest {
    /** The vendor this request acts for, settled by the route's vendor guard (vendorAccess). */
    actingVendorId?: string;
  }
  interface FastifyContextConfig {
    /** The vendor permission a vendor route needs (declared by vendorAccess; the vendor route matrix test reads it). */
    vendorPermission?: VendorPermission;
  }
}

const DEFAULT_DENIED = 'You do not have access to this page.';

/**
 * The one vendor guard: answers the user id of the vendor the request acts for, after checking the
 * caller may do what `permission` covers there. The vendor's owner acts for itself (no header, or
 * its own id in X-Haat-Vendor) and may do everything; a member names the vendor in X-Haat-Vendor,
 * and its membership and role are read at every request (a removed member's next request is 403).
 * 401 for a guest; 403 with `deniedMessage` for an account that is no vendor and names none.
 */
export async function requireVendorAccess(
  req: FastifyRequest,
  permission: VendorPermission,
  deniedMessage = DEFAULT_DENIED,
): Promise<string> {
  const user = requireUser(req);
  const raw = req.headers[VENDOR_HEADER];
  const chosen = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!chosen || chosen === user.id) {
    if (user.role !== 'vendor') throw new AppError('FORBIDDEN', deniedMessage);
    return user.id;
  }
  if (!isUuid(chosen)) throw new AppError('FORBIDDEN', teamMessages.notMember);
  const role = await vendorMemberRole(req.server.ctx.db, chosen.toLowerCase(), user.id);
  if (!role) throw new AppError('FORBIDDEN', teamMessages.notMember);
  if (!roleGrants(role, permission))
    throw new AppError('FORBIDDEN', teamMessages.denied(vendorRoleLabels[role].label, permissionLabels[permission]));
  return chosen.toLowerCase();
}

/**
 * A vendor route's options: it declares its permission (config.vendorPermission) and checks it on
 * onRequest, before the request is read. The handler reads the vendor with actingVendor(req).
 */
export function vendorAccess(permission: VendorPermission, deniedMessage?: string) {
  return {
    config: { vendorPermission: permission },
    onRequest: async (req: FastifyRequest) => {
      req.actingVendorId = await requireVendorAccess(req, permission, deniedMessage);
    },
  };
}

/** The vendor a request acts for, as its route's vendor guard settled it. */
export function actingVendor(req: FastifyRequest): string {
  if (!req.actingVendorId) throw new Error(`${req.routeOptions.url}: a vendor route without vendorAccess`);
  return req.actingVendorId;
}
