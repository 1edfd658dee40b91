import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminMessagePageSchema,
  adminMessagesQuerySchema,
  markMessageSchema,
} from '../../../contracts/admin-lists.contract';
import { errorResponseSchema } from '../../../contracts/errors.contract';
import { toCsv } from '../../../domain/csv';
import { origin, requireAdmin } from '../../platform/auth-guards';
import { listContactMessages } from '../content';
import { listAuditLog } from './admin.audit.read-model';
import { markAdminMessage } from './admin.messages';
import { sendCsv } from './admin.step-up';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The Messages and Audit log tabs: read-only lists (a message can be marked read), each with its CSV. */
export async function adminMessagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/api/admin/messages',
    {
      config: { permission: 'messages' },
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first, with read and unread',
        querystring: adminMessagesQuerySchema,
        response: { 200: adminMessagePageSchema, ...errors },
      },
    },
    async (req) => listContactMessages({ db, query: req.query }),
  );

  app.get(
    '/api/admin/messages/export',
    {
      config: { permission: 'messages' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminMessagesQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listContactMessages({ db, query: req.query, forExport: true });
      const csv = toCsv(
        ['id', 'received_at', 'name', 'email', 'type', 'subject', 'message', 'read'],
        items.map((m) => [m.id, m.createdAt, m.name, m.email, m.type, m.subject, m.message, m.isRead ? 'yes' : 'no']),
      );
      return sendCsv(reply, 'messages', csv);
    },
  );

  app.patch(
    '/api/admin/messages/:id',
    {
      config: { permission: 'messages' },
      schema: {
        tags: ['admin'],
        summary: 'Mark a message read or unread',
        params: z.object({ id: z.uuid({ error: 'Message not found' }) }),
        body: markMessageSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await markAdminMessage({
        db,
        admin: requireAdmin(req),
        messageId: req.params.id,
        isRead: req.body.isRead,
        from: origin(req),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/audit',
    {
      config: { permission: 'audit' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, filtered by action, resource and dates',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditPageSchema, ...errors },
      },
    },
    async (req) => listAuditLog({ db, query: req.query }),
  );

  app.get(
    '/api/admin/audit/export',
    {
      config: { permission: 'audit' },
      schema: { tags: ['admin'], summary: 'The same filter as CSV', querystring: adminAuditQuerySchema },
    },
    async (req, reply) => {
      const { items } = await listAuditLog({ db, query: req.query, forExport: true });
      const csv = toCsv(
        [
          'id',
          'at',
          'action',
          'resource_type',
          'resource_id',
          'actor',
          'ip_address',
          'user_agent',
          'origin',
          'new_data',
        ],
        items.map((e) => [
          e.id,
          e.createdAt,
          e.action,
          e.resourceType,
          e.resourceId,
          e.actor,
          e.ipAddress,
          e.userAgent,
          e.origin,
          e.newData,
        ]),
      );
      return sendCsv(reply, 'audit-log', csv);
    },
  );
}
