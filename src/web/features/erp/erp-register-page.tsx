import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  departments,
  erpMessages,
  erpRegisterSchema,
  type ErpRegisterData,
  type ErpRegisterInput,
} from '../../../contracts/erp.contract';
import { api } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Input, Select } from '../../ui/Field';
import { localToday } from '../../ui/format-date';
import { Page } from '../../ui/Page';
import { FirstNameInput, LastNameInput } from '../../ui/PersonFields';
import {
  AuthCard,
  centredPageClass,
  EmailInput,
  FormErrorAlert,
  NewPasswordFields,
  PhoneInput,
  SubmitButton,
} from '../../ui/AuthFormParts';
import { useServerErrors } from '../../api/field-errors';
import { EmergencyContactFields } from './emergency-contact-fields';

const fields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'department',
  'designation',
  'employeeId',
  'address',
  'emergencyContact',
  'emergencyPhone',
  'dateOfJoining',
] as const;

/** /erp-register: an employee account that waits for the super admin's approval; then /erp after 3 s. */
export function ErpRegisterPage() {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ErpRegisterInput, unknown, ErpRegisterData>({
    resolver: zodResolver(erpRegisterSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      department: 'Engineering',
      designation: '',
      employeeId: '',
      address: '',
      emergencyContact: '',
      emergencyPhone: '',
      dateOfJoining: localToday(),
    },
    mode: 'onTouched',
  });
  const { formError, showError, clearError } = useServerErrors(setError, [...fields], erpMessages.registrationFailed);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/erp'), 3000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (values: ErpRegisterData) => {
    clearError();
    try {
      await api.post('/api/erp/register', values);
      setDone(true);
    } catch (err) {
      showError(err);
    }
  };

  if (done) {
    return (
      <Page title="Employee Registration" narrow className={centredPageClass}>
        <AuthCard>
          <Alert tone="success">{erpMessages.registered}</Alert>
          <p className="mt-4 text-center text-sm text-slate-600">Taking you to the sign-in page…</p>
          <Link
            to="/erp"
            className="mt-4 block w-full rounded-lg bg-violet-700 px-4 py-2 text-center text-sm font-medium text-white hover:bg-violet-800"
          >
            Sign in here
          </Link>
        </AuthCard>
      </Page>
    );
  }

  return (
    <Page
      title="Employee Registration"
      lead="Join the Haat ERP. The super admin approves each new employee before the first sign-in."
      narrow
      className={centredPageClass}
    >
      <AuthCard className="max-w-2xl">
        <form onSubmit={handleSubmit(submit)} noValidate className="space-y-4" aria-label="Employee registration">
          <FormErrorAlert message={formError} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <FirstNameInput error={errors.firstName?.message} {...register('firstName')} />
            <LastNameInput error={errors.lastName?.message} {...register('lastName')} />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <EmailInput error={errors.email?.message} {...register('email')} />
            <PhoneInput label="Phone" error={errors.phone?.message} {...register('phone')} />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Select label="Department" required error={errors.department?.message} {...register('department')}>
              {departments.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </Select>
            <Input
              label="Designation"
              placeholder="Software Engineer"
              error={errors.designation?.message}
              {...register('designation')}
            />
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Input
              label="Employee ID"
              hint="Optional"
              autoComplete="off"
              error={errors.employeeId?.message}
              {...register('employeeId')}
            />
            <Input
              label="Date of joining"
              type="date"
              error={errors.dateOfJoining?.message}
              {...register('dateOfJoining')}
            />
          </div>
          <Input
            label="Address"
            autoComplete="street-address"
            error={errors.address?.message}
            {...register('address')}
          />
          <EmergencyContactFields register={register} errors={errors} />
          <NewPasswordFields
            password={register('password')}
            confirm={register('confirmPassword')}
            passwordError={errors.password?.message}
            confirmError={errors.confirmPassword?.message}
          />
          <SubmitButton loading={isSubmitting} loadingText="Registering...">
            Register
          </SubmitButton>
        </form>
        <p className="mt-6 border-t border-slate-200 pt-5 text-center text-sm text-slate-600">
          Already registered?{' '}
          <Link to="/erp" className="font-medium text-violet-700 hover:underline">
            Sign in here
          </Link>
        </p>
      </AuthCard>
    </Page>
  );
}
