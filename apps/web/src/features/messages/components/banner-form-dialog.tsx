import { useState, type ReactNode } from 'react';
import { Divider, Grid, Group, Stack, Switch, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  bannerBodyMaxLength,
  bannerContentLanguages,
  bannerMessageInputSchema,
  bannerTitleMaxLength,
  type BannerContentLanguage,
  type BannerMessageItem,
  type ManagedBanner,
} from '@cockpit/contracts';
import { useSaveBanner } from '../api/save-banner';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormCheck } from '../../../lib/form-check';
import {
  bannerFormValues,
  bannerInput,
  emptyBannerForm,
  previewItem,
  shownLanguage,
  type BannerFormValues,
  type BannerLanguageValues,
} from './banner-form-values';
import { BannerButtonFields } from './banner-button-fields';
import { CultureDateTimeField } from './culture-date-time-field';

type BannerFormDialogProps = {
  /** `null`: a new banner message. */
  banner: ManagedBanner | null;
  onClose: () => void;
  onSaved: (banner: ManagedBanner) => void;
  /** The message card exactly as users see it (the app passes the message banner's card). */
  renderPreview: (item: BannerMessageItem) => ReactNode;
};

// The catalogue's pattern: English required, German optional, an optional Austrian override.
const tabLabelKeys: Record<BannerContentLanguage, string> = {
  en: 'management.translations.english',
  de: 'management.translations.german',
  deAt: 'management.translations.austrian',
};
const fallbackHintKeys: Partial<Record<BannerContentLanguage, string>> = {
  de: 'management.translations.germanHint',
  deAt: 'management.translations.austrianHint',
};

/**
 * Management → Banner messages: create or edit one — schedule (start, end), and per language the title, the
 * body, the primary button (label optional: the global "OK" label is used) and an optional secondary
 * button; each button closes the message or follows a link. A preview shows the card per language.
 */
export function BannerFormDialog({ banner, onClose, onSaved, renderPreview }: BannerFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveBanner(onSaved);
  const [values, setValues] = useState<BannerFormValues>(() =>
    banner ? bannerFormValues(banner) : emptyBannerForm,
  );
  const [language, setLanguage] = useState<BannerContentLanguage>('en');
  const input = bannerInput(values);
  const check = useFormCheck(bannerMessageInputSchema, input);

  const setLanguageValue = <K extends keyof BannerLanguageValues>(
    lang: BannerContentLanguage,
    key: K,
    value: BannerLanguageValues[K],
  ) =>
    setValues((current) => ({
      ...current,
      content: { ...current.content, [lang]: { ...current.content[lang], [key]: value } },
    }));

  const error = (path: string, key: string, options?: Record<string, unknown>) =>
    check.error(path, t(key, options));
  const hasError = (problems: ReadonlySet<string>, lang: BannerContentLanguage) =>
    [...problems].some((path) => path.startsWith(`content.${lang}.`));
  const languageHasError = (lang: BannerContentLanguage) => hasError(check.invalid, lang);

  function handleSubmit() {
    if (!check.validate()) {
      // Show the language whose fields need attention.
      const first = bannerContentLanguages.find((lang) => hasError(check.problems, lang));
      if (first) setLanguage(first);
      return;
    }
    save.mutate({ id: banner?.id ?? null, input });
  }

  const current = values.content[language];
  return (
    <FormDialog
      onClose={onClose}
      size="xl"
      title={banner ? t('management.banners.editTitle') : t('management.banners.createTitle')}
      onSubmit={handleSubmit}
      failure={save.isError ? { message: t('management.errors.saveFailed') } : null}
      pending={save.isPending}
      submitLabel={t('management.save')}
    >
      <Group grow align="flex-start">
        <CultureDateTimeField
          label={t('management.banners.startsAt')}
          description={t('management.banners.startsAtHint')}
          value={values.startsAt}
          onChange={(startsAt) => setValues((v) => ({ ...v, startsAt }))}
          error={error('startsAt', 'management.banners.errors.date')}
        />
        <CultureDateTimeField
          label={t('management.banners.endsAt')}
          description={t('management.banners.endsAtHint')}
          value={values.endsAt}
          onChange={(endsAt) => setValues((v) => ({ ...v, endsAt }))}
          error={error('endsAt', 'management.banners.errors.endsAt')}
        />
      </Group>

      <Tabs
        value={language}
        onChange={(value) => value && setLanguage(value as BannerContentLanguage)}
        keepMounted={false}
      >
        <Tabs.List>
          {bannerContentLanguages.map((lang) => (
            <Tabs.Tab
              key={lang}
              value={lang}
              color={languageHasError(lang) ? 'red' : undefined}
              rightSection={
                languageHasError(lang) ? (
                  <Text span c="red" fw={700} aria-label={t('management.banners.tabHasErrors')}>
                    !
                  </Text>
                ) : null
              }
            >
              {t(tabLabelKeys[lang])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" key={language} lang={language === 'deAt' ? 'de-AT' : language}>
            {fallbackHintKeys[language] && (
              <Text size="sm" c="dimmed">
                {t(fallbackHintKeys[language])}
              </Text>
            )}
            <TextInput
              label={t('management.banners.title')}
              value={current.title}
              onChange={(event) => setLanguageValue(language, 'title', event.currentTarget.value)}
              error={error(`content.${language}.title`, 'management.banners.errors.title', {
                max: bannerTitleMaxLength,
              })}
              maxLength={bannerTitleMaxLength}
              required={language === 'en'}
            />
            <Textarea
              label={t('management.banners.body')}
              value={current.body}
              onChange={(event) => setLanguageValue(language, 'body', event.currentTarget.value)}
              error={error(`content.${language}.body`, 'management.banners.errors.body', {
                max: bannerBodyMaxLength,
              })}
              maxLength={bannerBodyMaxLength}
              autosize
              minRows={3}
              maxRows={8}
              required={language === 'en'}
            />
            <Divider />
            <BannerButtonFields
              idPrefix={`${language}-primary`}
              legend={t('management.banners.primaryButton')}
              label={current.primaryLabel}
              labelPlaceholder={t('global.ok')}
              labelDescription={t('management.banners.primaryLabelHint')}
              labelError={error(`content.${language}.primary.label`, 'management.banners.errors.label')}
              type={current.primaryType}
              href={current.primaryHref}
              hrefError={error(`content.${language}.primary.href`, 'management.banners.errors.link')}
              onLabel={(value) => setLanguageValue(language, 'primaryLabel', value)}
              onType={(value) => setLanguageValue(language, 'primaryType', value)}
              onHref={(value) => setLanguageValue(language, 'primaryHref', value)}
            />
            <Divider />
            <Switch
              label={t('management.banners.addSecondary')}
              checked={current.hasSecondary}
              onChange={(event) => setLanguageValue(language, 'hasSecondary', event.currentTarget.checked)}
            />
            {current.hasSecondary && (
              <BannerButtonFields
                idPrefix={`${language}-secondary`}
                legend={t('management.banners.secondaryButton')}
                label={current.secondaryLabel}
                labelError={error(
                  `content.${language}.secondary.label`,
                  'management.banners.errors.secondaryLabel',
                )}
                type={current.secondaryType}
                href={current.secondaryHref}
                hrefError={error(`content.${language}.secondary.href`, 'management.banners.errors.link')}
                onLabel={(value) => setLanguageValue(language, 'secondaryLabel', value)}
                onType={(value) => setLanguageValue(language, 'secondaryType', value)}
                onHref={(value) => setLanguageValue(language, 'secondaryHref', value)}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs" data-testid="banner-preview">
            <Text fw={600} size="sm">
              {t('management.banners.preview')}
            </Text>
            {/* Inert: a preview to look at, its buttons do nothing. */}
            <div inert>{renderPreview(previewItem(shownLanguage(values, language)))}</div>
          </Stack>
        </Grid.Col>
      </Grid>
    </FormDialog>
  );
}
