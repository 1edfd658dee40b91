export {
  notify,
  notifyMany,
  notifyAtOnce,
  notifyAtOnceWrite,
  listNotifications,
  unreadCount,
  markRead,
  markAllRead,
  getEmailPreferences,
  setEmailPreferences,
  listFailedEmails,
  retryFailedEmail,
  type Inbox,
  type NotifyEvent,
  type Recipient,
} from './notifications.service';
export {
  sendDueEmails,
  startNotificationsJob,
  backoffSeconds,
  MAX_ATTEMPTS,
  type EmailOf,
  type SenderDeps,
} from './notifications.sender';
export { renderTemplate, templateKinds } from './notifications.templates';
export { notificationsRoutes } from './notifications.routes';
