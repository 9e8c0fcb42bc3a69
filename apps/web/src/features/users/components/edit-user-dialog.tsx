import { useState } from 'react';
import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  userChangesSchema,
  type ManagedUser,
  type RoleKey,
  type Subscription,
  type UserAttributes,
  type UserChanges,
} from '@cockpit/contracts';
import { useUpdateUser } from '../api/update-user';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormCheck } from '../../../lib/form-check';
import { roleOptions, subscriptionOptions } from '../../../lib/option-labels';
import { UserAttributesField, splitAttributes } from './user-attributes-field';

type EditUserDialogProps = {
  user: ManagedUser;
  onClose: () => void;
  onSaved: (user: ManagedUser) => void;
};

/** The same attributes, whatever the order of their keys. */
function sameAttributes(a: UserAttributes, b: UserAttributes): boolean {
  const sorted = (value: UserAttributes) =>
    JSON.stringify(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)));
  return sorted(a) === sorted(b);
}

/**
 * Change a user's name, role, subscription and attributes (decision 027). An administrator cannot change
 * their own role; attributes from single sign-on are shown but set by the provider.
 */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const [name, setName] = useState(user.name);
  const [roleKey, setRoleKey] = useState<RoleKey>(user.roleKey);
  const [subscription, setSubscription] = useState<Subscription>(user.subscription);
  const { manual, provided } = splitAttributes(user.attributes, user.attributesFromSingleSignOn);
  const [attributes, setAttributes] = useState<UserAttributes>(manual);

  // Only what changed is sent.
  const changes: UserChanges = {
    ...(name !== user.name ? { name } : {}),
    ...(roleKey !== user.roleKey ? { roleKey } : {}),
    ...(subscription !== user.subscription ? { subscription } : {}),
    ...(!sameAttributes(attributes, manual) ? { attributes } : {}),
  };
  const check = useFormCheck(userChangesSchema, changes);
  const invalidKeys = new Set(
    [...check.invalid]
      .filter((path) => path.startsWith('attributes.'))
      .map((path) => path.split('.')[1] ?? ''),
  );

  function handleSubmit() {
    if (!check.validate()) return;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    updateUser.mutate({ id: user.id, changes }, { onSuccess: onSaved });
  }

  return (
    <FormDialog
      onClose={onClose}
      title={t('management.users.editTitle', { name: user.name })}
      size="lg"
      gap="sm"
      onSubmit={handleSubmit}
      failure={updateUser.isError ? { message: t('management.errors.saveFailed') } : null}
      pending={updateUser.isPending}
      submitLabel={t('management.save')}
    >
      <TextInput
        label={t('management.users.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={check.error('name', t('management.users.errors.name'))}
        required
        data-autofocus
      />
      <TextInput label={t('management.users.email')} value={user.email} readOnly variant="filled" />
      <Select
        label={t('management.users.role')}
        description={user.isSelf ? t('management.users.ownRoleHint') : undefined}
        data={roleOptions(t)}
        value={roleKey}
        onChange={(value) => value && setRoleKey(value)}
        allowDeselect={false}
        disabled={user.isSelf}
      />
      <Select
        label={t('management.users.subscription')}
        data={subscriptionOptions(t)}
        value={subscription}
        onChange={(value) => value && setSubscription(value)}
        allowDeselect={false}
      />
      <UserAttributesField
        value={attributes}
        onChange={setAttributes}
        fromSingleSignOn={provided}
        invalidKeys={invalidKeys}
      />
    </FormDialog>
  );
}
