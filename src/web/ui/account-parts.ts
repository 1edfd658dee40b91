import type { ComponentType } from 'react';
import type { Me, Role } from '../../contracts/auth.contract';

// The account sections that pages of several features show. Each belongs to its feature (the picture,
// personal info and email preferences to profile, the email and password settings to auth, the referrals
// list to referrals); the router hands them to the others' pages, as a feature imports no other feature.

/** The email and password settings (auth). */
export type AccountSettingsPart = ComponentType<{ me: Me }>;
/** "Refer and earn": the code to share and the referrals made (referrals). */
export type ReferralsSectionPart = ComponentType<{ role: Exclude<Role, 'admin'>; intro: string }>;
/** The email preferences (profile). */
export type EmailPreferencesPart = ComponentType;

/** What the profile page hands the vendor's profile. */
export type AccountParts = {
  ProfilePicture: ComponentType<{ me: Me }>;
  /** `failedMessage` words a refused save. */
  PersonalInfoSection: ComponentType<{ me: Me; failedMessage?: (e: unknown) => string }>;
  EmailPreferencesSection: EmailPreferencesPart;
  AccountSettings: AccountSettingsPart;
  ReferralsSection: ReferralsSectionPart;
};
