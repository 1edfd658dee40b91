import { AppError } from '../../platform/app-error';
import type { AdminUser } from '../../platform/auth-guards';
import type { Db } from '../../platform/db';
import { recordAudit } from '../audit';
import { setContactMessageRead } from '../content';

/** Marks a message read or unread (not sensitive: no code), recorded in the audit log. */
export async function markAdminMessage({
  db,
  admin,
  messageId,
  isRead,
  from,
}: {
  db: Db;
  admin: AdminUser;
  messageId: string;
  isRead: boolean;
  from: { ip: string; userAgent: string | null };
}): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await setContactMessageRead(tx, { messageId, isRead }))) throw new AppError('NOT_FOUND', 'Message not found');
    await recordAudit(tx, {
      actorType: 'admin',
      actorId: admin.id,
      action: isRead ? 'message_read' : 'message_unread',
      resourceType: 'contact_message',
      resourceId: messageId,
      ipAddress: from.ip,
      userAgent: from.userAgent,
    });
  });
}
