import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CityInput, PinCodeInput, StateSelect } from './AddressInputs';
import {
  BirthDateInput,
  BusinessNameInput,
  FirstNameInput,
  GenderSelect,
  LastNameInput,
  UpiIdInput,
  WebsiteInput,
  WhatsAppInput,
} from './PersonFields';

// The fields the sign-up, profile and address forms share: each keeps its label, autofill hint and
// whether it is required, as the forms wrote them before.

const html = (node: ReactElement) => renderToStaticMarkup(node);

describe('person and business fields', () => {
  it('asks a first and last name, required unless told', () => {
    expect(html(<FirstNameInput />)).toContain('autoComplete="given-name"');
    expect(html(<FirstNameInput />)).toContain('aria-required="true"');
    expect(html(<LastNameInput required={false} />)).not.toContain('aria-required');
    expect(html(<LastNameInput required={false} />)).toContain('autoComplete="family-name"');
  });

  it('asks a birth date up to today and a gender from the contract', () => {
    const birth = html(<BirthDateInput />);
    expect(birth).toContain('type="date"');
    expect(birth).toMatch(/max="\d{4}-\d{2}-\d{2}"/);
    const gender = html(<GenderSelect />);
    expect(gender).toContain('<option value="">Select gender</option>');
    expect(gender).toContain('<option value="prefer_not_to_say">');
  });

  it('asks a business name, a WhatsApp number, a UPI ID and a website', () => {
    expect(html(<BusinessNameInput />)).toContain('autoComplete="organization"');
    expect(html(<WhatsAppInput />)).toContain('Defaults to your mobile number');
    expect(html(<UpiIdInput hint="Customers pay you at this UPI ID" />)).toContain('aria-required="true"');
    expect(html(<WebsiteInput />)).toContain('type="url"');
  });
});

describe('address fields', () => {
  it('asks a city, a State of India and a PIN code, required when told', () => {
    expect(html(<CityInput />)).toContain('autoComplete="address-level2"');
    expect(html(<CityInput required />)).toContain('aria-required="true"');
    expect(html(<StateSelect />)).toContain('<optgroup label="Union territories">');
    expect(html(<PinCodeInput />)).toContain('maxLength="7"');
  });
});
