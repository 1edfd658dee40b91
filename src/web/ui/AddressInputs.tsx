import type { ComponentProps } from 'react';
import { Input, Select } from './Field';
import { StateOptions } from './StateOptions';

// The parts of an Indian address that every address form asks alike, with the browser's autofill hints.

type InputProps = Omit<ComponentProps<typeof Input>, 'label'>;

/** The city (autofill address-level2). */
export function CityInput(props: InputProps) {
  return <Input label="City" autoComplete="address-level2" {...props} />;
}

/** The State: India's states and union territories (autofill address-level1). */
export function StateSelect(props: Omit<ComponentProps<typeof Select>, 'label' | 'children'>) {
  return (
    <Select label="State" autoComplete="address-level1" {...props}>
      <StateOptions />
    </Select>
  );
}

/** The PIN code: six digits on a number keypad (autofill postal-code), a space allowed. */
export function PinCodeInput(props: InputProps) {
  return (
    <Input
      label="PIN code"
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={7}
      placeholder="560038"
      {...props}
    />
  );
}
