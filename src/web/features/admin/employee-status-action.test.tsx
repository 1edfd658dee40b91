import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { employeeStatusColumn } from './employee-status-action';
import { visibleText as text } from '../../api/test-markup';

// On the web: the Employees tab's Inactive status.

describe('the Employees tab', () => {
  it('shows an employee marked inactive as Inactive', () => {
    const row = {
      id: '00000000-0000-4000-8000-000000000005',
      firstName: 'Rohan',
      lastName: 'Joshi',
      employeeId: null,
      email: 'rohan@haat.test',
      department: 'Sales',
      designation: 'Lead',
      isApproved: true,
      dateOfJoining: '2026-01-05',
      registeredAt: '2026-01-05T10:00:00.000Z',
    };
    expect(text(renderToStaticMarkup(<>{employeeStatusColumn.render({ ...row, isActive: false })}</>))).toBe(
      'Inactive',
    );
    expect(text(renderToStaticMarkup(<>{employeeStatusColumn.render({ ...row, isActive: true })}</>))).toBe('Active');
  });
});
