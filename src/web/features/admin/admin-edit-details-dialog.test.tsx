import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { AccountDetails, EmployeeDetails, MerchantDetails } from '../../../contracts/admin-details.contract';
import { employeeDetailsForm, merchantDetailsForm, userDetailsForm, vendorDetailsForm } from './admin-details-forms';
import {
  AdminEditDetailsDialog,
  changesOf,
  detailsKey,
  formValuesOf,
  type EditDetailsForm,
} from './admin-edit-details-dialog';
import { buttonLabels as buttons, visibleText as text } from '../../api/test-markup';

// The super admin edits a user's, vendor's, merchant's or employee's details in
// one dialog: the owner's own form (its contract), then a fresh code.

// The dialogs render in place of a portal (there is no document on the server).
vi.mock('../../ui/Modal', async () => ({ Modal: (await import('../../api/test-modal')).modalInPlace() }));

const id = '00000000-0000-4000-8000-000000000001';
const target = { id, label: 'Asha Verma (asha@example.in)' };

const asha: AccountDetails = {
  email: 'asha@example.in',
  firstName: 'Asha',
  lastName: 'Verma',
  phoneNumber: '9876501234',
  dateOfBirth: null,
  gender: 'female',
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any of the four forms
function render(form: EditDetailsForm<any, any>, details?: object) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (details) qc.setQueryData(detailsKey(form.path, id), details);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <AdminEditDetailsDialog form={form} target={target} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('the edit dialog', () => {
  it('renders nothing while no row is being edited', () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <AdminEditDetailsDialog form={userDetailsForm} target={null} onClose={() => undefined} />
      </QueryClientProvider>,
    );
    expect(html).toBe('');
  });

  it('shows a skeleton of the form while the details load', () => {
    const html = render(userDetailsForm);
    expect(html).toContain('aria-label="Edit user details"');
    expect(html).toContain('Loading the details');
    expect(buttons(html)).toEqual(['Cancel']);
  });

  // The values come from formValuesOf (below): react-hook-form sets them once the inputs mount in a browser.
  it("shows the owner's form with its labels, required fields marked, and Continue only once something changed", () => {
    const html = render(userDetailsForm, asha);
    expect(text(html)).toContain(
      'Asha Verma (asha@example.in) . The same rules apply as on their own form; saving asks for a fresh code.',
    );
    const controls = [...html.matchAll(/<(input|select|textarea)[^>]*>/g)].map((m) => m[0]);
    expect(controls.map((c) => /name="([^"]+)"/.exec(c)?.[1])).toEqual([
      'firstName',
      'lastName',
      'phoneNumber',
      'dateOfBirth',
      'gender',
    ]);
    expect(controls[2]).toContain('type="tel"');
    expect(controls[3]).toContain('type="date"');
    expect(html).toContain('<option value="female">Female</option>');
    for (const label of ['First name', 'Last name', 'Phone number'])
      expect(html).toMatch(new RegExp(`>${label}<span[^>]*>\\*</span></label>`));
    // The admin's own saved details never autofill someone else's form.
    expect(controls.every((c) => c.includes('autoComplete="off"'))).toBe(true);
    expect(buttons(html)).toEqual(['Cancel', 'Continue']);
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Continue<\/button>/);
  });

  it("gives a merchant's form the merchant's own cashback field and the length limits of its contract", () => {
    const merchant: MerchantDetails = {
      businessName: 'Lakshmi Stores',
      email: 'lakshmi@example.in',
      mobileNumber: '9988776655',
      whatsappNumber: null,
      website: null,
      upiId: 'lakshmi@okicici',
      cashbackPercentage: 2.5,
      isVerified: false,
      unverifiedAt: null,
      cashbackVoidedPaise: null,
      referralCode: 'MERCHABC123',
    };
    const html = render(merchantDetailsForm, merchant);
    expect(html).toContain('aria-label="Edit merchant details"');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*min="0" max="100" step="0.1"[^>]*name="cashbackPercentage"/);
    expect(text(html)).toContain('Cashback percentage');
    expect(html).toMatch(/<input[^>]*maxLength="120"[^>]*name="businessName"/);
  });

  it("offers SPEC.md's departments for an employee and their address as a text area", () => {
    const employee: EmployeeDetails = {
      email: 'vikram@haat.example',
      firstName: 'Vikram',
      lastName: 'Iyer',
      department: 'Design',
      designation: 'Product Designer',
      employeeId: 'EMP900',
      phone: null,
      address: '4 Lake View, Pune',
      emergencyContact: null,
      emergencyPhone: null,
    };
    const html = render(employeeDetailsForm, employee);
    const options = [
      ...(/<select[^>]*name="department">(.*?)<\/select>/.exec(html)?.[1] ?? '').matchAll(
        /<option[^>]*>(.*?)<\/option>/g,
      ),
    ].map((m) => m[1]);
    expect(options).toEqual([
      'Choose department',
      'Engineering',
      'Design',
      'Marketing',
      'Sales',
      'Support',
      'HR',
      'Finance',
    ]);
    expect(html).toMatch(/<textarea[^>]*maxLength="300"[^>]*name="address"/);
  });
});

describe('the forms', () => {
  it("hold exactly the fields of the owner's contract", () => {
    const names = (form: { fields: readonly { name: string }[] }) => form.fields.map((f) => f.name).sort();
    expect(names(userDetailsForm)).toEqual(Object.keys(userDetailsForm.schema.shape).sort());
    expect(names(merchantDetailsForm)).toEqual(Object.keys(merchantDetailsForm.schema.shape).sort());
    expect(names(employeeDetailsForm)).toEqual(Object.keys(employeeDetailsForm.schema.shape).sort());
    expect(vendorDetailsForm.schema).toBe(userDetailsForm.schema);
  });

  it('start from the current values, empty text for none', () => {
    expect(formValuesOf(asha, userDetailsForm.fields)).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      phoneNumber: '9876501234',
      dateOfBirth: '',
      gender: 'female',
    });
  });

  it('list the changes the code confirms, old and new, choices by their labels, what the contract kept (a phone without spaces)', () => {
    const before = formValuesOf(asha, userDetailsForm.fields);
    const after = userDetailsForm.schema.parse({
      ...before,
      lastName: 'Iyer',
      phoneNumber: '98765 01234',
      gender: 'prefer_not_to_say',
      dateOfBirth: '1990-04-12',
    });
    expect(changesOf(userDetailsForm.fields, before, after)).toEqual([
      { label: 'Last name', from: 'Verma', to: 'Iyer' },
      { label: 'Date of birth', from: 'empty', to: '1990-04-12' },
      { label: 'Gender', from: 'Female', to: 'Prefer not to say' },
    ]);
  });
});
