import type { ComponentProps } from 'react';
import { genderLabels, genders } from '../../contracts/auth.contract';
import { Input, Select } from './Field';
import { localToday } from './format-date';
import { PhoneInput } from './AuthFormParts';

// The fields that name a person or a business, written once for the sign-up forms and the profile forms
// that ask them again: each keeps its label and the browser's autofill hint.

type InputProps = Omit<ComponentProps<typeof Input>, 'label'>;

/** A person's first name (autofill given-name); required unless told. */
export function FirstNameInput({ required = true, ...rest }: InputProps) {
  return <Input label="First name" required={required} autoComplete="given-name" {...rest} />;
}

/** A person's last name (autofill family-name); required unless told. */
export function LastNameInput({ required = true, ...rest }: InputProps) {
  return <Input label="Last name" required={required} autoComplete="family-name" {...rest} />;
}

/** A date of birth: a date input that stops at today (in India). */
export function BirthDateInput(props: Omit<InputProps, 'type' | 'max'>) {
  return <Input label="Date of birth" type="date" autoComplete="bday" max={localToday()} {...props} />;
}

/** The gender select: a blank prompt, then the genders the account contract knows, by their labels. */
export function GenderSelect(props: Omit<ComponentProps<typeof Select>, 'label' | 'children'>) {
  return (
    <Select label="Gender" {...props}>
      <option value="">Select gender</option>
      {genders.map((gender) => (
        <option key={gender} value={gender}>
          {genderLabels[gender]}
        </option>
      ))}
    </Select>
  );
}

/** A business's name (autofill organization), always required. */
export function BusinessNameInput(props: Omit<InputProps, 'required'>) {
  return <Input label="Business name" required autoComplete="organization" {...props} />;
}

/** A merchant's WhatsApp number: a second phone number, not autofilled, that defaults to the mobile number. */
export function WhatsAppInput(props: Omit<InputProps, 'autoComplete' | 'hint'>) {
  return <PhoneInput label="WhatsApp number" autoComplete="off" hint="Defaults to your mobile number" {...props} />;
}

/** A UPI ID (name@bank): required, no auto-capitalisation or spell check; the hint says what it is for. */
export function UpiIdInput(props: Omit<InputProps, 'required'>) {
  return <Input label="UPI ID" required autoCapitalize="none" spellCheck={false} {...props} />;
}

/** A website address: a URL input (autofill url) with an example. */
export function WebsiteInput(props: Omit<InputProps, 'type'>) {
  return (
    <Input
      label="Website"
      type="url"
      autoComplete="url"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="www.example.in"
      {...props}
    />
  );
}
