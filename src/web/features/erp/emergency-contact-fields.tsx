import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../ui/Field';
import { PhoneInput } from '../../ui/AuthFormParts';

/** An employee's emergency contact and phone, side by side from sm: (registration and the ERP settings). */
export function EmergencyContactFields(p: {
  /** The form's register: the two fields are its emergencyContact and emergencyPhone. */
  register: (name: 'emergencyContact' | 'emergencyPhone') => UseFormRegisterReturn;
  /** The form's errors: each field's message is shown under it. */
  errors: { emergencyContact?: { message?: string }; emergencyPhone?: { message?: string } };
  contactMaxLength?: number;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Input
        label="Emergency contact"
        maxLength={p.contactMaxLength}
        autoComplete="off"
        error={p.errors.emergencyContact?.message}
        {...p.register('emergencyContact')}
      />
      <PhoneInput
        label="Emergency phone"
        autoComplete="off"
        error={p.errors.emergencyPhone?.message}
        {...p.register('emergencyPhone')}
      />
    </div>
  );
}
