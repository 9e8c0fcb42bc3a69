import type { ChangeEvent } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { Alert } from '../../../components/ui/plain/alert';
import { TextField } from '../../../components/ui/plain/text-field';

// The parts the signed-out forms share (sign-in, forgotten password, new password): plain elements, so
// the login route loads no Mantine (bench/web-bundle.bench.ts).

/** The form's own error above its fields; nothing without one. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
      {message}
    </Alert>
  );
}

type EmailFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
};

/** The sign-in address: required, offered by password managers as the user name. */
export function EmailField({ label, value, onChange, error }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      autoComplete="username"
      aria-required="true"
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
      error={error ?? undefined}
    />
  );
}
