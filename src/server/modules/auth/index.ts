export {
  assertEmailFree,
  createAccount,
  endSessions,
  findReferrer,
  getMe,
  login,
  logout,
  purgeExpiredSessions,
  resolveSession,
  type LoginArgs,
  type NewAccount,
  type Referrer,
} from './auth.service';
export { hashPassword, verifyPassword } from './auth.passwords';
export { createPasswordReset, resetPassword } from './auth.password-reset';
export { hashToken, newSessionToken } from './auth.sessions';
export {
  DEFAULT_ADMIN_EMAIL,
  endAdminSession,
  ensureSuperAdmin,
  resolveAdminSession,
  setSuperAdminPassword,
} from './auth.admin';
export {
  acceptStaffInvite,
  createStaffMember,
  staffPasswordHashes,
  cancelStaffInvite,
  createStaffRole,
  deleteStaffRole,
  inviteStaff,
  listPendingInvites,
  listStaff,
  listStaffRoles,
  readStaffInvite,
  setStaffRoles,
  setStaffStatus,
  STAFF_INVITE_HOURS,
  updateStaffRole,
} from './auth.staff';
export {
  checkoutCustomerColumn,
  formatAddress,
  getAddress,
  getCheckoutCustomer,
  insertAddress,
  type Address,
  type CheckoutCustomer,
} from './auth.addresses';
export { addressesRoutes } from './auth.addresses.routes';
export {
  findCustomersByContact,
  getCustomerContact,
  type CustomerContact,
  type FoundCustomer,
} from './auth.customer-lookup';
export { customerLockStep, lockCustomer } from './auth.customer-lock';
export { getProfileImageUrl, setProfileImageUrl, updateProfile } from './auth.profile';
export { profileRoutes } from './auth.profile.routes';
export { settingsRoutes } from './auth.settings.routes';
export { confirmCurrentPassword } from './auth.settings';
export { ADMIN_PENDING_COOKIE, adminLoginRoutes } from './auth.admin-login.routes';
export { adminCodeAccount, consumeAdminStepUp, resetAdminTwoFactorFromCli } from './auth.admin-login';
export { hasRole, setUserStatus } from './auth.user-status';
export { activeAccountIds, emailOfUser, getUserAccount, listUserAccounts } from './auth.user-list';
export { anonymiseUser, deletedEmail, deletedUserIds, lockAccountForDeletion, removeUser } from './auth.user-deletion';
export {
  getVendorContact,
  getVendorRejection,
  setVendorApproval,
  vendorApprovalNow,
  vendorBusinessNames,
  type VendorApprovalChange,
} from './auth.vendor-approval';
export { ensureCustomerRow } from './auth.customer-row';
export { customerRows, profileRows } from './auth.read';
export { adminAccountRows, customerContactRows, roleRows, userRows, vendorRows } from './auth.rows';
export {
  acceptInvite,
  addVendorMember,
  changeMemberRole,
  inviteMember,
  listTeam,
  lookupInvite,
  myVendors,
  registerAndAcceptInvite,
  removeMember,
  revokeInvite,
  vendorMemberRole,
} from './auth.vendor-team';
export { actingVendor, requireVendorAccess, vendorAccess } from './auth.vendor-access';
export { vendorTeamRoutes } from './auth.vendor-team.routes';
