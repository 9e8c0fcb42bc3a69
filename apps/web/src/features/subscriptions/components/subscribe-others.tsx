import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Divider, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsersPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RoleKey, Subscription, SubscriptionRecipients } from '@cockpit/contracts';
import { useRecipientCandidates } from '../../../lib/managed-users';
import { SubscriptionForm } from './subscription-form';

/** An audience as the catalogue's audience fields edit it: nothing chosen means everyone. */
export type AudienceChoice = { roles: RoleKey[]; subscriptions: Subscription[] };

export type SubscribeOthersProps = {
  /** The reports the administrator may choose (the app passes the menu's). */
  reports: { name: string; title: string }[];
  /** The audience's fields (the app passes the catalogue's, so both look and work alike). */
  renderAudience: (values: AudienceChoice, onChange: (values: AudienceChoice) => void) => ReactNode;
};

/** Whom the subscription is for, or null while nobody is chosen. */
export function recipientsOf(
  userIds: string[],
  audience: AudienceChoice | null,
): SubscriptionRecipients | null {
  if (userIds.length === 0 && !audience) return null;
  return { userIds, audience };
}

/**
 * Management → Mail: "Subscribe others" (decision 029). An administrator subscribes users, or everyone in
 * an audience (roles and subscriptions), to a report; each recipient's mail is rendered with their own
 * rights. The subscription is the administrator's: it is listed, paused and deleted in their own list.
 */
export function SubscribeOthersButton({ reports, renderAudience }: SubscribeOthersProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconUsersPlus size={18} aria-hidden />}
        onClick={() => setOpened(true)}
        data-testid="subscribe-others"
      >
        {t('subscriptions.others.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('subscriptions.others.dialogTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && (
          <SubscribeOthersForm
            reports={reports}
            renderAudience={renderAudience}
            onDone={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}

function SubscribeOthersForm({
  reports,
  renderAudience,
  onDone,
}: SubscribeOthersProps & { onDone: () => void }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<string | null>(null);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [known, setKnown] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [byAudience, setByAudience] = useState(false);
  const [audience, setAudience] = useState<AudienceChoice>({ roles: [], subscriptions: [] });
  const candidates = useRecipientCandidates(debounced, { enabled: true, pageSize: 50 });

  // The chosen users stay listed while the search shows others.
  const found = (candidates.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${user.name} <${user.email}>`,
  }));
  const options = [
    ...found,
    ...userIds
      .filter((id) => !found.some((option) => option.value === id))
      .map((id) => ({ value: id, label: known[id] ?? id })),
  ];
  const recipients = recipientsOf(userIds, byAudience ? audience : null);

  return (
    <Stack gap="sm">
      <Select
        label={t('subscriptions.report')}
        data={reports.map((item) => ({ value: item.name, label: item.title }))}
        value={report}
        onChange={setReport}
        searchable
        required
        data-testid="others-report"
      />
      <MultiSelect
        label={t('subscriptions.others.users')}
        placeholder={t('subscriptions.others.usersPlaceholder')}
        data={options}
        value={userIds}
        onChange={(ids) => {
          setKnown((current) => ({
            ...current,
            ...Object.fromEntries(
              options.filter((option) => ids.includes(option.value)).map((o) => [o.value, o.label]),
            ),
          }));
          setUserIds(ids);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data-testid="others-users"
      />
      <Checkbox
        label={t('subscriptions.others.byAudience')}
        checked={byAudience}
        onChange={(event) => setByAudience(event.currentTarget.checked)}
      />
      {byAudience && renderAudience(audience, setAudience)}
      {recipients === null && (
        <Text size="sm" c="dimmed">
          {t('subscriptions.others.needRecipients')}
        </Text>
      )}
      <Divider />
      {report ? (
        <SubscriptionForm
          key={report}
          kind="subscription"
          targetKind="report"
          targetName={report}
          parameterValues={{}}
          recipients={recipients}
          onDone={onDone}
        />
      ) : (
        <Button variant="default" onClick={onDone} style={{ alignSelf: 'flex-end' }}>
          {t('common.cancel')}
        </Button>
      )}
    </Stack>
  );
}
