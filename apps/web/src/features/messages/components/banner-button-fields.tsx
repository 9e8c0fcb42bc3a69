import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { bannerLabelMaxLength, type BannerActionType } from '@cockpit/contracts';

type BannerButtonFieldsProps = {
  /** Unique within the form, for the labels. */
  idPrefix: string;
  legend: string;
  label: string;
  labelPlaceholder?: string;
  labelDescription?: string;
  labelError?: string;
  type: BannerActionType;
  href: string;
  hrefError?: string;
  onLabel: (value: string) => void;
  onType: (value: BannerActionType) => void;
  onHref: (value: string) => void;
};

/** A banner button: its label and its action, "close" or a link (a web address or a path of the app). */
export function BannerButtonFields(props: BannerButtonFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        {props.legend}
      </Text>
      <TextInput
        label={t('management.banners.buttonLabel')}
        description={props.labelDescription}
        placeholder={props.labelPlaceholder}
        value={props.label}
        onChange={(event) => props.onLabel(event.currentTarget.value)}
        error={props.labelError}
        maxLength={bannerLabelMaxLength}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${props.idPrefix}-action`}>
          {t('management.banners.buttonAction')}
        </Text>
        <SegmentedControl
          aria-labelledby={`${props.idPrefix}-action`}
          value={props.type}
          onChange={(value) => props.onType(value === 'link' ? 'link' : 'close')}
          data={[
            { value: 'close', label: t('management.banners.actionClose') },
            { value: 'link', label: t('management.banners.actionLink') },
          ]}
          w="fit-content"
        />
      </Stack>
      {props.type === 'link' && (
        <TextInput
          label={t('management.banners.linkTarget')}
          description={t('management.banners.linkHint')}
          placeholder="https:// · /settings"
          value={props.href}
          onChange={(event) => props.onHref(event.currentTarget.value)}
          error={props.hrefError}
          required
        />
      )}
    </Stack>
  );
}
