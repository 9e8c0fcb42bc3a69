import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  bannerContentIn,
  type BannerMessageItem,
  type BannerScheduleStatus,
  type ManagedBanner,
} from '@cockpit/contracts';
import { QueryTable } from '../../../components/ui/query-table';
import { showToast } from '../../../lib/toast';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useDeleteBanner } from '../api/delete-banner';
import { useManagedBanners } from '../api/get-banners';
import { formatDateTime, useCulture } from '../../../lib/date-time';
import { BannerFormDialog } from './banner-form-dialog';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import classes from '../../../components/ui/management-table.module.css';

const statusStyle: Record<BannerScheduleStatus, { color: string; labelKey: string }> = {
  scheduled: { color: 'blue', labelKey: 'management.banners.status.scheduled' },
  active: { color: 'green', labelKey: 'management.banners.status.active' },
  ended: { color: 'gray', labelKey: 'management.banners.status.ended' },
};

type BannerManagementProps = {
  renderPreview: (item: BannerMessageItem) => ReactNode;
  /** Called after a banner message was saved or deleted (the app refreshes the message banner). */
  onChanged?: () => void;
};

type Dialog =
  { kind: 'form'; banner: ManagedBanner | null } | { kind: 'delete'; banner: ManagedBanner } | null;

/** Management → Banner messages: the list with schedule and status; create, edit and delete. */
export function BannerManagement({ renderPreview, onChanged }: BannerManagementProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const culture = useCulture();
  const banners = useManagedBanners();
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteBanner(onChanged);
  const shown = (banner: ManagedBanner) => bannerContentIn(banner.content, language);

  function schedule(banner: ManagedBanner): string {
    const from = banner.startsAt ? formatDateTime(banner.startsAt, culture) : null;
    const until = banner.endsAt ? formatDateTime(banner.endsAt, culture) : null;
    if (from && until) return t('management.banners.scheduleFromUntil', { from, until });
    if (from) return t('management.banners.scheduleFrom', { from });
    if (until) return t('management.banners.scheduleUntil', { until });
    return t('management.banners.scheduleAlways');
  }

  function closeDialog() {
    remove.reset();
    setDialog(null);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Text c="dimmed" size="sm" maw={640}>
          {t('management.banners.intro')}
        </Text>
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setDialog({ kind: 'form', banner: null })}
        >
          {t('management.banners.create')}
        </Button>
      </Group>

      <QueryTable
        query={banners}
        items={(data) => data.items}
        empty={{
          icon: 'notifications',
          headline: t('management.banners.emptyTitle'),
          text: t('management.banners.emptyText'),
        }}
        columns={[
          t('management.banners.title'),
          t('management.banners.schedule'),
          t('management.banners.statusLabel'),
          t('management.banners.closedBy'),
          { label: t('management.actions'), hidden: true },
        ]}
        renderRow={(banner) => {
          const title = shown(banner).title;
          return (
            <Table.Tr key={banner.id} data-testid="banner-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {shown(banner).body}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{schedule(banner)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={statusStyle[banner.status].color} variant="light" className={classes.badge}>
                  {t(statusStyle[banner.status].labelKey)}
                </Badge>
              </Table.Td>
              <Table.Td>{t('management.banners.closedByCount', { count: banner.dismissals })}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setDialog({ kind: 'form', banner })}
                    aria-label={t('management.banners.editBanner', { title })}
                  >
                    {t('management.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setDialog({ kind: 'delete', banner })}
                    aria-label={t('management.banners.deleteBanner', { title })}
                  >
                    {t('management.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
        minWidth={760}
        data-testid="banners-table"
      />

      {dialog?.kind === 'form' && (
        <BannerFormDialog
          banner={dialog.banner}
          renderPreview={renderPreview}
          onClose={closeDialog}
          onSaved={(saved) => {
            onChanged?.();
            showToast({ type: 'success', title: t('management.banners.saved'), message: shown(saved).title });
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('management.banners.deleteTitle')}
          confirmLabel={t('management.delete')}
          danger
          pending={remove.isPending}
          failed={remove.isError}
          onClose={closeDialog}
          onConfirm={() =>
            remove.mutate(dialog.banner.id, {
              onSuccess: () => {
                showToast({
                  type: 'success',
                  title: t('management.banners.deleted'),
                  message: shown(dialog.banner).title,
                });
                closeDialog();
              },
            })
          }
        >
          {t('management.banners.deleteText', { title: shown(dialog.banner).title })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
