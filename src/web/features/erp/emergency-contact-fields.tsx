import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../ui/Field';
import { PhoneInput } from '../../ui/AuthFormParts';

/** An employee's emergency contact and phone, side by side from sm: (registration and the ERP settings). */
export function EmergencyContactFields(p: {
  contact: UseFormRegisterReturn;
  phone: UseFormRegisterReturn;
  contactError?: string;
  phoneError?: string;
  contactMaxLength?: number;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Input
        label="Emergency contact"
        maxLength={p.contactMaxLength}
        autoComplete="off"
        error={p.contactError}
        {...p.contact}
      />
      <PhoneInput label="Emergency phone" autoComplete="off" error={p.phoneError} {...p.phone} />
    </div>
  );
}
