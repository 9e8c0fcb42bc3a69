import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  isSafeHttpUrl,
  notificationLimits,
  sendNotificationBodySchema,
  type NotificationContent,
  type SendNotificationBody,
} from '@cockpit/contracts';
import { showToast } from '../../../lib/toast';
import { useRecipientCandidates } from '../../../lib/managed-users';
import { useSendNotification } from '../api/send-notification';
import { useFormCheck } from '../../../lib/form-check';

/**
 * The languages a notification is written in — the catalogue's pattern: English required, German optional
 * (empty shows English), an optional Austrian override (empty shows German) — and the UI language each
 * preview stands for.
 */
const previewLanguages = [
  {
    content: 'en',
    ui: 'en',
    headingKey: 'management.notifications.previewEnglish',
    labelKey: 'management.translations.english',
    hintKey: null,
  },
  {
    content: 'de',
    ui: 'de-DE',
    headingKey: 'management.notifications.previewGerman',
    labelKey: 'management.translations.german',
    hintKey: 'management.translations.germanHint',
  },
  {
    content: 'deAt',
    ui: 'de-AT',
    headingKey: 'management.notifications.previewAustrian',
    labelKey: 'management.translations.austrian',
    hintKey: 'management.translations.austrianHint',
  },
] as const;
type ContentLanguage = (typeof previewLanguages)[number]['content'];

type Texts = Record<ContentLanguage, string>;
type Draft = { title: Texts; text: Texts; url: string };
const emptyDraft: Draft = {
  title: { en: '', de: '', deAt: '' },
  text: { en: '', de: '', deAt: '' },
  url: '',
};

/** What is sent: German always (empty falls back), the Austrian override only when written. */
const toSent = ({ en, de, deAt }: Texts) => ({ en, de, ...(deAt.trim() !== '' ? { deAt } : {}) });

type NotificationComposerProps = {
  /**
   * Renders the notification card as a user with that UI language sees it. The app passes the
   * notifications feature's own card, so the preview is exactly what arrives.
   */
  renderPreview: (content: NotificationContent, uiLanguage: 'en' | 'de-DE' | 'de-AT') => ReactNode;
};

/**
 * Management → Notifications: compose to all users or chosen users, title and text in English and German
 * with a live preview for each language, an optional http(s) link. Sending goes through the
 * notifications feature's service on the server, which delivers it live.
 */
export function NotificationComposer({ renderPreview }: NotificationComposerProps) {
  const { t } = useTranslation();
  const send = useSendNotification();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [mode, setMode] = useState<'all' | 'chosen'>('all');
  const [chosen, setChosen] = useState<string[]>([]);
  const [userSearch, setUserSearch] = useState('');
  const [debouncedUserSearch] = useDebouncedValue(userSearch, 250);
  const users = useRecipientCandidates(debouncedUserSearch, { enabled: mode === 'chosen', pageSize: 100 });

  // Chosen users stay selectable (and labelled) while the search shows others.
  const [knownLabels, setKnownLabels] = useState<Map<string, string>>(new Map());
  const options = useMemo(() => {
    const labels = new Map(knownLabels);
    for (const user of users.data?.items ?? []) {
      if (user.active) labels.set(user.id, `${user.name} (${user.email})`);
    }
    return [...labels].map(([value, label]) => ({ value, label }));
  }, [knownLabels, users.data]);

  const setText = (field: 'title' | 'text', language: ContentLanguage, value: string) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], [language]: value } }));

  const content: NotificationContent = {
    title: toSent(draft.title),
    text: toSent(draft.text),
    ...(draft.url.trim() !== '' && isSafeHttpUrl(draft.url) ? { url: draft.url.trim() } : {}),
  };
  // Until something is written in either language, the preview shows where title and text will go.
  const placeholder = (text: Texts, key: string) =>
    Object.values(text).every((value) => value.trim() === '') ? { en: t(key), de: t(key) } : toSent(text);
  const previewContent: NotificationContent = {
    ...content,
    title: placeholder(draft.title, 'management.notifications.previewTitlePlaceholder'),
    text: placeholder(draft.text, 'management.notifications.previewTextPlaceholder'),
  };

  // What is sent, checked against the very schema the server checks the body with (recipients too).
  const body: SendNotificationBody = {
    recipients: mode === 'all' ? 'all' : chosen,
    title: toSent(draft.title),
    text: toSent(draft.text),
    ...(draft.url.trim() !== '' ? { url: draft.url } : {}),
  };
  const check = useFormCheck(sendNotificationBodySchema, body);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!check.validate()) return;
    send.mutate(
      { ...body, ...(content.url ? { url: content.url } : {}) },
      {
        onSuccess: (result) => {
          showToast({
            type: 'success',
            title: t('management.notifications.sentTitle'),
            message: t('management.notifications.sentMessage', { count: result.recipients }),
          });
          setDraft(emptyDraft);
          setChosen([]);
          check.reset();
        },
      },
    );
  }

  const fieldError = (path: string, key: string, max?: number) => check.error(path, t(key, { max }));

  return (
    <Grid gap="xl">
      <Grid.Col span={12}>
        <form onSubmit={handleSubmit} noValidate aria-labelledby="compose-heading">
          <Stack gap="md">
            <Title order={2} size="h3" id="compose-heading">
              {t('management.notifications.composeTitle')}
            </Title>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="recipients-label">
                {t('management.notifications.recipients')}
              </Text>
              <SegmentedControl
                aria-labelledby="recipients-label"
                value={mode}
                onChange={(value) => setMode(value === 'chosen' ? 'chosen' : 'all')}
                data={[
                  { value: 'all', label: t('management.notifications.allUsers') },
                  { value: 'chosen', label: t('management.notifications.chosenUsers') },
                ]}
                w="fit-content"
              />
              {mode === 'chosen' && (
                <MultiSelect
                  label={t('management.notifications.chooseUsers')}
                  placeholder={t('management.notifications.chooseUsersPlaceholder')}
                  data={options}
                  value={chosen}
                  onChange={(ids) => {
                    setChosen(ids);
                    setKnownLabels((current) => {
                      const next = new Map(current);
                      for (const option of options)
                        if (ids.includes(option.value)) next.set(option.value, option.label);
                      return next;
                    });
                  }}
                  searchable
                  searchValue={userSearch}
                  onSearchChange={setUserSearch}
                  nothingFoundMessage={t('management.notifications.noUsersFound')}
                  error={check.error('recipients', t('management.notifications.errors.recipients'))}
                  hidePickedOptions
                  clearable
                />
              )}
            </Stack>

            <Grid gap="md">
              {previewLanguages.map(({ content: language, ui, labelKey, hintKey }) => (
                <Grid.Col span={{ base: 12, md: 4 }} key={language}>
                  <Stack gap="sm" role="group" aria-labelledby={`compose-language-${language}`}>
                    <div>
                      <Text fw={600} size="sm" id={`compose-language-${language}`}>
                        {t(labelKey)}
                      </Text>
                      {hintKey && (
                        <Text size="xs" c="dimmed">
                          {t(hintKey)}
                        </Text>
                      )}
                    </div>
                    <TextInput
                      label={t('management.notifications.title')}
                      value={draft.title[language]}
                      onChange={(event) => setText('title', language, event.currentTarget.value)}
                      error={fieldError(
                        `title.${language}`,
                        'management.notifications.errors.title',
                        notificationLimits.titleMaxLength,
                      )}
                      maxLength={notificationLimits.titleMaxLength}
                      required={language === 'en'}
                      lang={ui}
                    />
                    <Textarea
                      label={t('management.notifications.text')}
                      value={draft.text[language]}
                      onChange={(event) => setText('text', language, event.currentTarget.value)}
                      error={fieldError(
                        `text.${language}`,
                        'management.notifications.errors.text',
                        notificationLimits.textMaxLength,
                      )}
                      maxLength={notificationLimits.textMaxLength}
                      autosize
                      minRows={4}
                      maxRows={10}
                      required={language === 'en'}
                      lang={ui}
                    />
                  </Stack>
                </Grid.Col>
              ))}
            </Grid>

            <TextInput
              label={t('management.notifications.link')}
              description={t('management.notifications.linkHint')}
              placeholder="https://"
              value={draft.url}
              onChange={(event) => {
                const url = event.currentTarget.value; // read now: the updater runs later
                setDraft((current) => ({ ...current, url }));
              }}
              error={fieldError('url', 'management.notifications.errors.link')}
              type="url"
            />

            {send.isError && (
              <Alert color="red" role="alert">
                {t('management.notifications.errors.sendFailed')}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                leftSection={<IconSend size={18} aria-hidden="true" />}
                loading={send.isPending}
              >
                {t('management.notifications.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={12}>
        <Stack gap="md" aria-labelledby="preview-heading" component="section">
          <Title order={2} size="h3" id="preview-heading">
            {t('management.notifications.preview')}
          </Title>
          <Group align="flex-start" gap="lg">
            {previewLanguages.map(({ ui, headingKey }) => (
              <Stack gap={6} key={ui} data-testid={`notification-preview-${ui}`} w={285} maw="100%">
                <Text size="sm" c="dimmed">
                  {t(headingKey)}
                </Text>
                <Paper withBorder radius="md" p={0} maw={285} style={{ overflow: 'hidden' }}>
                  {renderPreview(previewContent, ui)}
                </Paper>
              </Stack>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('management.notifications.previewHint')}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
