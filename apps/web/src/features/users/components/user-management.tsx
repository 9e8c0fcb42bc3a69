import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconKey,
  IconSearch,
  IconShieldOff,
  IconTableImport,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { managedUsersPageSize, type ManagedUser } from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { showToast } from '../../../lib/toast';
import { useManagedUsers } from '../../../lib/managed-users';
import { useSetUserActive } from '../api/set-user-active';
import { roleLabel, subscriptionLabel } from '../../../lib/role-labels';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowActions, type RowAction } from '../../../components/ui/row-actions';
import classes from '../../../components/ui/management-table.module.css';
import { CreateUserDialog } from './create-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { AttributesImportDialog } from './attributes-import-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'import' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'deactivate'; user: ManagedUser }
  | { kind: 'password'; user: ManagedUser }
  | { kind: 'twoFactor'; user: ManagedUser }
  | null;

/**
 * Management → Users: the organisation's users with search and pages; create one with an initial password;
 * change name, role, subscription and attributes (one by one or from a CSV, decision 027); deactivate
 * (their sessions end at once) and reactivate.
 */
export function UserManagement() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const users = useManagedUsers({ search: debouncedSearch, page });
  const setActive = useSetUserActive();
  const [dialog, setDialog] = useState<Dialog>(null);

  function closeDialog() {
    setActive.reset();
    setDialog(null);
  }

  function reactivate(user: ManagedUser) {
    setActive.mutate(
      { id: user.id, active: true },
      {
        onSuccess: () =>
          showToast({ type: 'success', title: t('management.users.reactivated'), message: user.name }),
        onError: () =>
          showToast({ type: 'error', title: t('management.errors.saveFailed'), message: user.name }),
      },
    );
  }

  /**
   * A row's secondary actions, behind "⋯" (Edit stays visible): the one-time password and the two-factor
   * reset (decisions 021, 022: not for oneself — the own password is changed on the settings page), then
   * deactivate or reactivate.
   */
  function secondaryActions(user: ManagedUser): RowAction[] {
    if (user.isSelf) return [];
    return [
      {
        label: t('management.users.setPassword'),
        ariaLabel: t('management.users.setPasswordUser', { name: user.name }),
        icon: <IconKey size={16} aria-hidden="true" />,
        onClick: () => setDialog({ kind: 'password', user }),
      },
      {
        label: t('management.twoFactor.reset'),
        ariaLabel: t('management.twoFactor.resetUser', { name: user.name }),
        icon: <IconShieldOff size={16} aria-hidden="true" />,
        onClick: () => setDialog({ kind: 'twoFactor', user }),
      },
      user.active
        ? {
            label: t('management.users.deactivate'),
            ariaLabel: t('management.users.deactivateUser', { name: user.name }),
            icon: <IconUserOff size={16} aria-hidden="true" />,
            color: 'red',
            onClick: () => setDialog({ kind: 'deactivate', user }),
          }
        : {
            label: t('management.users.reactivate'),
            ariaLabel: t('management.users.reactivateUser', { name: user.name }),
            icon: <IconUserCheck size={16} aria-hidden="true" />,
            disabled: setActive.isPending && setActive.variables.id === user.id,
            onClick: () => reactivate(user),
          },
    ];
  }

  const rowActions = (user: ManagedUser) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => setDialog({ kind: 'edit', user })}
        aria-label={t('management.users.editUser', { name: user.name })}
      >
        {t('management.edit')}
      </Button>
      <RowActions
        label={t('management.moreActions', { name: user.name })}
        actions={secondaryActions(user)}
        data-testid="user-row-more"
      />
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('management.users.search')}
          placeholder={t('management.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 360 }}
          rightSection={users.isFetching ? <Loader size={14} aria-label={t('common.loading')} /> : null}
        />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconTableImport size={18} aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'import' })}
          >
            {t('management.users.importAttributes')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('management.users.create')}
          </Button>
        </Group>
      </Group>

      <QueryTable
        query={users}
        items={(data) => data.items}
        empty={{
          icon: 'search',
          headline: t('management.users.emptyTitle'),
          text: debouncedSearch
            ? t('management.users.emptySearch', { search: debouncedSearch })
            : t('management.users.empty'),
        }}
        caption={(data) => t('management.users.count', { count: data.total })}
        columns={[
          t('management.users.name'),
          t('management.users.email'),
          t('management.users.role'),
          t('management.users.subscription'),
          t('management.users.attributes'),
          t('management.users.status'),
          { label: t('management.actions'), hidden: true },
        ]}
        renderRow={(user) => (
          <Table.Tr key={user.id} data-testid="user-row">
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} className={classes.name}>
                  {user.name}
                </Text>
                {user.isSelf && (
                  <Badge size="xs" variant="light" className={classes.badge}>
                    {t('management.users.you')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td className={classes.emailCell}>
              <Email address={user.email} />
            </Table.Td>
            <Table.Td>{roleLabel(t, user.roleKey)}</Table.Td>
            <Table.Td>
              {user.subscription === 'pro' ? (
                <Badge color="orange" variant="filled" size="sm" className={classes.badge}>
                  {subscriptionLabel(t, user.subscription)}
                </Badge>
              ) : (
                subscriptionLabel(t, user.subscription)
              )}
            </Table.Td>
            <Table.Td>
              <AttributeChips attributes={user.attributes} />
            </Table.Td>
            <Table.Td>
              <Badge color={user.active ? 'green' : 'gray'} variant="light" className={classes.badge}>
                {user.active ? t('management.users.active') : t('management.users.inactive')}
              </Badge>
            </Table.Td>
            <Table.Td>{rowActions(user)}</Table.Td>
          </Table.Tr>
        )}
        // Name, e-mail (one line, cut with "…"), attributes, Edit and "⋯": fits 1440 px with the side menu.
        minWidth={900}
        card={(user) => ({
          key: user.id,
          title: user.isSelf ? `${user.name} (${t('management.users.you')})` : user.name,
          summary: [
            user.email,
            roleLabel(t, user.roleKey),
            user.active ? t('management.users.active') : t('management.users.inactive'),
          ].join(' · '),
          actions: rowActions(user),
        })}
        highlightOnHover
        pages={(data) => ({ total: Math.ceil(data.total / managedUsersPageSize), page, onChange: setPage })}
        data-testid="users-table"
      />

      <CreateUserDialog
        opened={dialog?.kind === 'create'}
        onClose={closeDialog}
        onCreated={(user) =>
          showToast({
            type: 'success',
            title: t('management.users.created'),
            message: `${user.name} · ${user.email}`,
          })
        }
      />
      {dialog?.kind === 'import' && <AttributesImportDialog onClose={closeDialog} />}
      {dialog?.kind === 'edit' && (
        <EditUserDialog
          user={dialog.user}
          onClose={closeDialog}
          onSaved={(user) => {
            showToast({ type: 'success', title: t('management.users.saved'), message: user.name });
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <ResetPasswordDialog
          user={dialog.user}
          onClose={closeDialog}
          onDone={(user) => {
            showToast({
              type: 'success',
              title: t('management.users.passwordSet'),
              message: t('management.users.passwordSetText', { name: user.name }),
            });
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'twoFactor' && <ResetTwoFactorDialog user={dialog.user} onClose={closeDialog} />}
      {dialog?.kind === 'deactivate' && (
        <ConfirmDialog
          title={t('management.users.deactivateTitle', { name: dialog.user.name })}
          confirmLabel={t('management.users.deactivate')}
          danger
          pending={setActive.isPending}
          failed={setActive.isError}
          onClose={closeDialog}
          onConfirm={() =>
            setActive.mutate(
              { id: dialog.user.id, active: false },
              {
                onSuccess: (user) => {
                  showToast({
                    type: 'success',
                    title: t('management.users.deactivated'),
                    message: user.name,
                  });
                  closeDialog();
                },
              },
            )
          }
        >
          {t('management.users.deactivateText', { name: dialog.user.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** A user's attributes in the list: one compact chip per key, `region: North, South`. */
function AttributeChips({ attributes }: { attributes: ManagedUser['attributes'] }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed" aria-hidden="true">
        –
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" maw={260}>
      {entries.map(([key, values]) => (
        <Badge
          key={key}
          size="sm"
          variant="light"
          color="gray"
          tt="none"
          title={`${key}: ${values.join(', ')}`}
        >
          {key}: {values.join(', ')}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * An e-mail address on one line: cut with "…" when the column is narrow, the whole address on hover and
 * on keyboard focus (a tooltip), and always in the accessible text.
 */
function Email({ address }: { address: string }) {
  return (
    <Tooltip label={address} openDelay={300} events={{ hover: true, focus: true, touch: true }} withinPortal>
      <span className={classes.email} tabIndex={0}>
        {address}
      </span>
    </Tooltip>
  );
}
