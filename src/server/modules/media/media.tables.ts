import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, tstz } from '../../platform/columns';
import { users } from '../auth/auth.tables';

/** An uploaded image: stored under DATA_DIR/uploads or in the S3 bucket with a server-made name, served at /uploads/<filename>. */
export const images = pgTable(
  'images',
  {
    id: id(),
    filename: text('filename').notNull(),
    thumbnailFilename: text('thumbnail_filename'),
    imageType: text('image_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    altText: text('alt_text'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    uploadedAt: tstz('uploaded_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('images_filename_unique').on(t.filename),
    index('images_entity_idx').on(t.entityId, t.imageType),
    check('images_type_check', sql`${t.imageType} in ('profile', 'shop_logo', 'shop_banner', 'product', 'return')`),
  ],
);
