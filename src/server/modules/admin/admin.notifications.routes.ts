import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../../contracts/common.contract';
import { adminErrors as errors } from '../../platform/admin-errors';
import { stepUpCodeSchema } from '../../../contracts/admin-lists.contract';
import {
  failedEmailPageSchema,
  newsBodySchema,
  newsSentSchema,
  notificationMessages,
  notificationPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '../../../contracts/notifications.contract';
import {
  listFailedEmails,
  listNotifications,
  markAllRead,
  markRead,
  retryFailedEmail,
  unreadCount,
} from '../notifications';
import { sendNews } from './admin.news';
import { requireFreshCode } from './admin.step-up';

const params = z.object({ id: z.uuid({ error: notificationMessages.notFound }) });

/** The super admin's bell and inbox, the emails that could not be sent (with Retry, behind a fresh code), and news to send (a fresh code too). */
export async function adminNotificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/notifications',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['admin'],
        summary: "The super admin's notifications, newest first, paged, with the unread count",
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (req) => listNotifications(db, 'admin', req.query),
  );

  app.get(
    '/api/admin/notifications/unread-count',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['admin'],
        summary: "The super admin's unread notifications",
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async () => ({
      unread: await unreadCount(db, 'admin'),
    }),
  );

  app.post(
    '/api/admin/notifications/:id/read',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a notification read',
        params,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => {
      await markRead(db, 'admin', req.params.id);
      return { unread: await unreadCount(db, 'admin') };
    },
  );

  app.post(
    '/api/admin/notifications/read-all',
    {
      config: { permission: 'signed-in' },
      schema: {
        tags: ['admin'],
        summary: 'Mark every notification read',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async () => {
      await markAllRead(db, 'admin');
      return { unread: 0 };
    },
  );

  app.get(
    '/api/admin/notification-failures',
    {
      config: { permission: 'notifications' },
      schema: {
        tags: ['admin'],
        summary: 'Emails that could not be sent after every retry, with the error',
        querystring: pageQuerySchema,
        response: { 200: failedEmailPageSchema, ...errors },
      },
    },
    async (req) => listFailedEmails(db, req.query),
  );

  app.post(
    '/api/admin/notification-failures/:id/retry',
    {
      config: { permission: 'notifications' },
      schema: {
        tags: ['admin'],
        summary: 'Send a failed email again (a fresh 2FA code)',
        params: z.object({ id: z.uuid({ error: notificationMessages.failedNotFound }) }),
        body: z.object({ code: stepUpCodeSchema }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await requireFreshCode(req, reply, (sensitiveTx) =>
        sensitiveTx(async (tx) => {
          const email = await retryFailedEmail(tx, req.params.id);
          return {
            audit: {
              action: 'notification_retried',
              resourceType: 'notification_email',
              resourceId: req.params.id,
              newData: email,
            },
          };
        }),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/announcements',
    {
      config: { permission: 'notifications' },
      schema: {
        tags: ['admin'],
        summary:
          'Send news to the active customers, vendors, merchants or everyone: in-app, and by email to those with news on (a fresh 2FA code)',
        body: newsBodySchema,
        response: { 200: newsSentSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { code: _code, ...news } = req.body;
      return requireFreshCode(req, reply, (sensitiveTx) => sendNews({ sensitiveTx, news }));
    },
  );
}
