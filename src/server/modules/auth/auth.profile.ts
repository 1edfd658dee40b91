import { eq } from 'drizzle-orm';
import type { Me } from '../../../contracts/auth.contract';
import type { ProfileUpdateData } from '../../../contracts/profile.contract';
import type { DbOrTx } from '../../platform/db';
import { customers, userProfiles } from './auth.tables';
import { getMe } from './auth.service';

export type UpdateProfileArgs = { db: DbOrTx; userId: string; input: ProfileUpdateData };

/**
 * Updates a user's personal information (and the customer row's name and phone copies) in one
 * transaction (or inside the caller's: the super admin's edit), and answers the user as GET /api/me does.
 */
export async function updateProfile({ db, userId, input }: UpdateProfileArgs): Promise<Me> {
  await db.transaction(async (tx) => {
    await tx
      .update(userProfiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        dateOfBirth: input.dateOfBirth ?? null,
        gender: input.gender ?? null,
        updatedAt: new Date(),
      })
      .where(eq(userProfiles.userId, userId));
    await tx
      .update(customers)
      .set({ fullName: `${input.firstName} ${input.lastName}`, phone: input.phoneNumber, updatedAt: new Date() })
      .where(eq(customers.userId, userId));
  });
  return getMe({ db, userId });
}

/** Sets a user's profile picture url (null removes it), inside the caller's transaction. */
export async function setProfileImageUrl(tx: DbOrTx, userId: string, url: string | null): Promise<void> {
  await tx
    .update(userProfiles)
    .set({ profileImageUrl: url, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId));
}

/** The user's current profile picture url, or null. */
export async function getProfileImageUrl(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: userProfiles.profileImageUrl })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .limit(1);
  return row?.url ?? null;
}
