import { detailsMessages } from '../../../contracts/admin-details.contract';
import { genderLabels, genders } from '../../../contracts/auth.contract';
import {
  departments,
  erpEmployeeDetailsSchema,
  type ErpEmployeeDetailsData,
  type ErpEmployeeDetailsInput,
} from '../../../contracts/erp.contract';
import {
  merchantProfileUpdateSchema,
  type MerchantProfileUpdate,
  type MerchantProfileUpdateInput,
} from '../../../contracts/merchant.contract';
import {
  profileUpdateSchema,
  type ProfileUpdateData,
  type ProfileUpdateInput,
} from '../../../contracts/profile.contract';
import type { EditDetailsForm } from './admin-edit-details-dialog';

// What the super admin edits on the Users, Vendors, Merchants and Employees tabs: each the owner's
// own form (its contract and fields), so the same rules apply.

const choices = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

/** A user's (and a vendor's) Personal Information: their profile's form, PATCH /api/me/profile. */
export const userDetailsForm: EditDetailsForm<ProfileUpdateInput, ProfileUpdateData> = {
  path: 'users',
  noun: 'user',
  schema: profileUpdateSchema,
  messages: detailsMessages.user,
  fields: [
    { name: 'firstName', label: 'First name', required: true },
    { name: 'lastName', label: 'Last name', required: true },
    {
      name: 'phoneNumber',
      label: 'Phone number',
      control: 'phone',
      required: true,
      hint: '10-digit Indian mobile number',
    },
    { name: 'dateOfBirth', label: 'Date of birth', control: 'date' },
    { name: 'gender', label: 'Gender', control: 'select', choices: choices(genders, (g) => genderLabels[g]) },
  ],
};

/** A vendor edits the same Personal Information on its profile (its business name and shops are its shops' own). */
export const vendorDetailsForm: EditDetailsForm<ProfileUpdateInput, ProfileUpdateData> = {
  ...userDetailsForm,
  path: 'vendors',
  noun: 'vendor',
  messages: detailsMessages.vendor,
};

/** A merchant's business details: its dashboard's profile form, PUT /api/merchant/profile. */
export const merchantDetailsForm: EditDetailsForm<MerchantProfileUpdateInput, MerchantProfileUpdate> = {
  path: 'merchants',
  noun: 'merchant',
  schema: merchantProfileUpdateSchema,
  messages: detailsMessages.merchant,
  fields: [
    { name: 'businessName', label: 'Business name', required: true, wide: true },
    { name: 'mobileNumber', label: 'Mobile number', control: 'phone', required: true },
    { name: 'whatsappNumber', label: 'WhatsApp number', control: 'phone', hint: 'Defaults to the mobile number' },
    { name: 'upiId', label: 'UPI ID', required: true, hint: 'The payment QR code pays this UPI ID' },
    { name: 'website', label: 'Website', control: 'url' },
    {
      name: 'cashbackPercentage',
      label: 'Cashback percentage',
      control: 'cashback',
      hint: 'A new percentage applies to payments recorded from now on',
    },
  ],
};

/** An employee: the registration fields the super admin manages and the contact details of the employee's own settings. */
export const employeeDetailsForm: EditDetailsForm<ErpEmployeeDetailsInput, ErpEmployeeDetailsData> = {
  path: 'employees',
  noun: 'employee',
  schema: erpEmployeeDetailsSchema,
  messages: detailsMessages.employee,
  fields: [
    { name: 'firstName', label: 'First name', required: true },
    { name: 'lastName', label: 'Last name', required: true },
    { name: 'department', label: 'Department', control: 'select', required: true, choices: choices(departments) },
    { name: 'designation', label: 'Designation', hint: 'Empty: employee' },
    { name: 'employeeId', label: 'Employee ID' },
    { name: 'phone', label: 'Phone', control: 'phone' },
    { name: 'address', label: 'Address', control: 'textarea', wide: true },
    { name: 'emergencyContact', label: 'Emergency contact' },
    { name: 'emergencyPhone', label: 'Emergency phone', control: 'phone' },
  ],
};
