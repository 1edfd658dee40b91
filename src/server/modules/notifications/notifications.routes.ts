import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import {
  emailPreferencesSchema,
  notificationMessages,
  notificationPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '../../../contracts/notifications.contract';
import { requireUser, userGuard } from '../../platform/auth-guards';
import {
  getEmailPreferences,
  listNotifications,
  markAllRead,
  markRead,
  setEmailPreferences,
  unreadCount,
} from './notifications.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const params = z.object({ id: z.uuid({ error: notificationMessages.notFound }) });

/** The signed-in user's inbox (the header's bell and the notifications page) and email preferences. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const inbox = (req: Parameters<typeof requireUser>[0]) => ({ userId: requireUser(req).id });

  app.get(
    '/api/notifications',
    {
      onRequest: userGuard,
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first, paged, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (req) => listNotifications(db, inbox(req), req.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      onRequest: userGuard,
      schema: {
        tags: ['notifications'],
        summary: "The bell's count: my unread notifications",
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => ({ unread: await unreadCount(db, inbox(req)) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      onRequest: userGuard,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => {
      await markRead(db, inbox(req), req.params.id);
      return { unread: await unreadCount(db, inbox(req)) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      onRequest: userGuard,
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (req) => {
      await markAllRead(db, inbox(req));
      return { unread: 0 };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      onRequest: userGuard,
      schema: {
        tags: ['notifications'],
        summary: 'Email on or off per group (security messages are always sent)',
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (req) => getEmailPreferences(db, requireUser(req).id),
  );

  app.put(
    '/api/notifications/preferences',
    {
      onRequest: userGuard,
      schema: {
        tags: ['notifications'],
        summary: 'Turn email on or off per group',
        body: emailPreferencesSchema,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    async (req) => setEmailPreferences(db, requireUser(req).id, req.body),
  );
}
