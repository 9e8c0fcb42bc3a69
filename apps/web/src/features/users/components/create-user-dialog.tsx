import { useState } from 'react';
import { Group, Modal, PasswordInput, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  newUserSchema,
  passwordMaxLength,
  passwordMinLength,
  type ManagedUser,
  type NewUserInput,
} from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';
import { refusedPasswordMessage } from '../../../lib/password-rules';
import { useCreateUser } from '../api/create-user';
import { OneTimePasswordShown } from './one-time-password-shown';
import { GeneratePasswordButton } from './reset-password-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormCheck } from '../../../lib/form-check';
import { languageOptions, roleOptions, subscriptionOptions } from '../../../lib/option-labels';

type CreateUserDialogProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (user: ManagedUser) => void;
};

const emptyUser: NewUserInput = {
  name: '',
  email: '',
  password: '',
  roleKey: 'organisationmember',
  subscription: 'basic',
  uiLanguage: 'en',
};

/** Management → Users, "create a user with an initial password": the person signs in with it and can change it later. */
export function CreateUserDialog({ opened, onClose, onCreated }: CreateUserDialogProps) {
  const { t } = useTranslation();
  const createUser = useCreateUser();
  const [values, setValues] = useState<NewUserInput>(emptyUser);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const check = useFormCheck(newUserSchema, values);
  const [emailTaken, setEmailTaken] = useState(false);
  // A password the server refused beyond the length rules: one of the most common (decision 022).
  const [passwordRefused, setPasswordRefused] = useState<string | null>(null);
  // Created: the initial password is shown once with a Copy button (decision 022).
  const [created, setCreated] = useState<{ user: ManagedUser; password: string } | null>(null);

  const set = <K extends keyof NewUserInput>(key: K, value: NewUserInput[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'email') setEmailTaken(false);
    if (key === 'password') setPasswordRefused(null);
  };

  function close() {
    setCreated(null);
    setPasswordVisible(false);
    setValues(emptyUser);
    check.reset();
    setEmailTaken(false);
    setPasswordRefused(null);
    createUser.reset();
    onClose();
  }

  function handleSubmit() {
    if (!check.validate()) return;
    createUser.mutate(values, {
      onSuccess: (user) => setCreated({ user, password: values.password }),
      onError: (error) => {
        if (isApiRequestError(error) && error.status === 409) setEmailTaken(true);
        setPasswordRefused(refusedPasswordMessage(t, error));
      },
    });
  }

  const failed = createUser.isError && !emailTaken && passwordRefused === null;
  if (created) {
    const finish = () => {
      onCreated(created.user);
      close();
    };
    return (
      <Modal
        opened={opened}
        onClose={finish}
        title={t('management.users.createdTitle', { name: created.user.name })}
        size="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <OneTimePasswordShown name={created.user.name} password={created.password} onDone={finish} />
      </Modal>
    );
  }
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={t('management.users.createTitle')}
      size="md"
      gap="sm"
      onSubmit={handleSubmit}
      failure={failed ? { message: t('management.errors.saveFailed') } : null}
      pending={createUser.isPending}
      submitLabel={t('management.users.create')}
    >
      <TextInput
        label={t('management.users.name')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={check.error('name', t('management.users.errors.name'))}
        required
        data-autofocus
      />
      <TextInput
        label={t('management.users.email')}
        type="email"
        value={values.email}
        onChange={(event) => set('email', event.currentTarget.value)}
        error={
          emailTaken
            ? t('management.users.errors.emailTaken')
            : check.error('email', t('management.users.errors.email'))
        }
        required
        autoComplete="off"
      />
      <PasswordInput
        label={t('management.users.initialPassword')}
        description={t('management.users.passwordHint', { min: passwordMinLength, max: passwordMaxLength })}
        value={values.password}
        onChange={(event) => set('password', event.currentTarget.value)}
        error={
          check.error(
            'password',
            t('management.users.errors.password', { min: passwordMinLength, max: passwordMaxLength }),
          ) ??
          passwordRefused ??
          undefined
        }
        required
        autoComplete="new-password"
        visible={passwordVisible}
        onVisibilityChange={setPasswordVisible}
      />
      <GeneratePasswordButton
        onGenerate={(password) => {
          set('password', password);
          setPasswordVisible(true);
        }}
      />
      <Group grow align="flex-start">
        <Select
          label={t('management.users.role')}
          data={roleOptions(t)}
          value={values.roleKey}
          onChange={(value) => value && set('roleKey', value)}
          allowDeselect={false}
        />
        <Select
          label={t('management.users.subscription')}
          data={subscriptionOptions(t)}
          value={values.subscription}
          onChange={(value) => value && set('subscription', value)}
          allowDeselect={false}
        />
      </Group>
      <Select
        label={t('management.users.language')}
        data={languageOptions(t)}
        value={values.uiLanguage}
        onChange={(value) => value && set('uiLanguage', value)}
        allowDeselect={false}
      />
    </FormDialog>
  );
}
