import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  newUserSchema,
  passwordMaxLength,
  passwordMinLength,
  type ManagedUser,
  type NewUserInput,
  type RoleKey,
  type Subscription,
  type UiLanguageName,
} from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';
import { useCreateUser } from '../api/create-user';
import { invalidFields } from '../../../lib/invalid-fields';
import { languageOptions, roleOptions, subscriptionOptions } from '../../../lib/option-labels';

type CreateUserDialogProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (user: ManagedUser) => void;
};

const noProblems: ReadonlySet<string> = new Set();

const emptyUser: NewUserInput = {
  name: '',
  email: '',
  password: '',
  roleKey: 'organisationmember',
  subscription: 'basic',
  uiLanguage: 'en',
};

/** Issue 6 "create a user with an initial password": the person signs in with it and can change it later. */
export function CreateUserDialog({ opened, onClose, onCreated }: CreateUserDialogProps) {
  const { t } = useTranslation();
  const createUser = useCreateUser();
  const [values, setValues] = useState<NewUserInput>(emptyUser);
  // Checked from the first attempt to save on, then on every change (errors go away as they are fixed).
  const [submitted, setSubmitted] = useState(false);
  const invalid = submitted ? invalidFields(newUserSchema, values) : noProblems;
  const [emailTaken, setEmailTaken] = useState(false);

  const set = <K extends keyof NewUserInput>(key: K, value: NewUserInput[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key === 'email') setEmailTaken(false);
  };

  function close() {
    setValues(emptyUser);
    setSubmitted(false);
    setEmailTaken(false);
    createUser.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (invalidFields(newUserSchema, values).size > 0) return;
    createUser.mutate(values, {
      onSuccess: (user) => {
        onCreated(user);
        close();
      },
      onError: (error) => {
        if (isApiRequestError(error) && error.status === 409) setEmailTaken(true);
      },
    });
  }

  const failed = createUser.isError && !emailTaken;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('management.users.createTitle')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('management.users.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={invalid.has('name') ? t('management.users.errors.name') : undefined}
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
                : invalid.has('email')
                  ? t('management.users.errors.email')
                  : undefined
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
              invalid.has('password')
                ? t('management.users.errors.password', { min: passwordMinLength, max: passwordMaxLength })
                : undefined
            }
            required
            autoComplete="new-password"
          />
          <Group grow align="flex-start">
            <Select
              label={t('management.users.role')}
              data={roleOptions(t)}
              value={values.roleKey}
              onChange={(value) => value && set('roleKey', value as RoleKey)}
              allowDeselect={false}
            />
            <Select
              label={t('management.users.subscription')}
              data={subscriptionOptions(t)}
              value={values.subscription}
              onChange={(value) => value && set('subscription', value as Subscription)}
              allowDeselect={false}
            />
          </Group>
          <Select
            label={t('management.users.language')}
            data={languageOptions(t)}
            value={values.uiLanguage}
            onChange={(value) => value && set('uiLanguage', value as UiLanguageName)}
            allowDeselect={false}
          />
          {failed && (
            <Alert color="red" role="alert">
              {t('management.errors.saveFailed')}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              {t('management.users.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
