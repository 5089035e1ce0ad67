// Registration: the account rules before sending, a title per field for what the server refuses.
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { otpVerificationPath } from '../../../machines/onboarding/onboarding.routes';
import { ApiError, errorMessage, fieldErrors, sentFieldErrors, unwrap } from '../../api/errors';
import { AuthCard } from '../../components/AuthCard';
import { authLinks } from '../../components/AuthCard.css';
import { Button } from '../../components/Button';
import { formStyles, PasswordField, SelectField, TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { phoneError, toE164 } from '../../lib/phone';
import { useForm } from '../../lib/useForm';
import { useApi } from '../../session/SessionProvider';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = {
  username: string;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  user_type: string;
  password: string;
  confirm_password: string;
};

function validate(values: Values): Partial<Record<keyof Values, string>> {
  return {
    username: !values.username.trim()
      ? 'Username is required'
      : values.username.trim().length < 3
        ? 'Username must be at least 3 characters'
        : undefined,
    email: !EMAIL_PATTERN.test(values.email.trim())
      ? 'Please enter a valid email address'
      : undefined,
    phone: !values.phone.trim() ? 'Phone number is required' : phoneError(values.phone),
    first_name: values.first_name.trim() ? undefined : 'First name is required',
    last_name: values.last_name.trim() ? undefined : 'Last name is required',
    user_type: values.user_type ? undefined : 'User type is required',
    password: !values.password
      ? 'Password is required'
      : values.password.length < 6
        ? 'Password must be at least 6 characters'
        : undefined,
    confirm_password: !values.confirm_password
      ? 'Please confirm your password'
      : values.confirm_password !== values.password
        ? 'Passwords do not match'
        : undefined,
  };
}

/** The toast title names the first refused field, in form order, else the kind of problem. */
function registrationErrorTitle(error: unknown): string {
  const fields = fieldErrors(error);
  if (fields.username) return 'Username Error';
  if (fields.email) return 'Email Error';
  if (fields.phone) return 'Phone Number Error';
  if (fields.password || fields.confirm_password) return 'Password Error';
  const text = error instanceof ApiError ? error.message : '';
  if (/already exists|already registered/i.test(text)) return 'Account Already Exists';
  return 'Registration Failed';
}

export function RegisterPage() {
  const api = useApi();
  const notify = useToast();
  const [, navigate] = useLocation();
  const form = useForm<Values>(
    {
      username: '',
      email: '',
      phone: '',
      first_name: '',
      last_name: '',
      user_type: 'student',
      password: '',
      confirm_password: '',
    },
    validate,
  );
  const register = useMutation({
    mutationFn: (values: Values) =>
      unwrap(
        api.POST('/accounts/register/', {
          body: {
            username: values.username.trim(),
            email: values.email.trim(),
            phone: toE164(values.phone),
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            user_type: values.user_type as 'student' | 'regular',
            password: values.password,
            confirm_password: values.confirm_password,
          },
        }),
      ),
    onSuccess: (answer) => {
      notify({
        tone: 'success',
        title: 'Registration Successful',
        message: 'Please check your phone for OTP verification.',
      });
      navigate(otpVerificationPath(answer.phone), { state: { phone: answer.phone } });
    },
    onError: (error) =>
      notify({
        tone: 'error',
        title: registrationErrorTitle(error),
        message: errorMessage(error, 'Registration failed. Please try again.'),
      }),
  });
  const serverErrors = sentFieldErrors(register.error, register.variables, form.values);
  const field = (name: keyof Values) => {
    const props = form.field(name);
    return { ...props, error: props.error ?? serverErrors[name] };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    register.mutate(form.values);
  };

  return (
    <AuthCard title="Create your account" subtitle="It takes a minute. We will text you a code.">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={formStyles.formGrid}>
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint="10-digit mobile number; we add +91."
          {...field('phone')}
        />
        <SelectField
          label="I am a"
          options={[
            { value: 'student', label: 'Student' },
            { value: 'regular', label: 'Regular' },
          ]}
          {...field('user_type')}
        />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...field('confirm_password')}
        />
        <Button type="submit" block busy={register.isPending}>
          Create account
        </Button>
      </form>
      <div className={authLinks}>
        <span>
          Already have an account? <Link href="/login">Login</Link>
        </span>
      </div>
    </AuthCard>
  );
}
