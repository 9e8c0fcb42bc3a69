import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCodes, type RoleKey, type SignInSettings, type Subscription } from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';
import { roleOptions, subscriptionOptions } from '../../../lib/option-labels';
import { showToast } from '../../../lib/toast';
import { useSignInSettings } from '../api/get-sign-in-settings';
import { useRemoveSignInSettings, useSaveSignInSettings } from '../api/save-sign-in-settings';
import { DomainProofs } from './sign-in-domain-proofs';
import { AttributeClaimsField, claimsOfRows, rowsOfClaims } from './attribute-claims-field';

type Field = 'issuerUrl' | 'clientId' | 'clientSecret' | 'domains' | 'breakGlassUserId' | 'attributeClaims';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Management → Sign-in: the organisation's OpenID Connect provider (decision 020). The client secret is
 * write-only: the form only says that one is stored and lets the administrator replace it.
 */
export function SignInSettingsForm() {
  const { t } = useTranslation();
  const settings = useSignInSettings();

  let content;
  if (settings.isPending) {
    content = <Skeleton height={320} aria-hidden="true" />;
  } else if (settings.isError) {
    content = (
      <Group>
        <Text size="sm">{t('management.signIn.loadFailed')}</Text>
        <Button variant="light" onClick={() => void settings.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  } else {
    // A saved provider starts the fields afresh (a new `updatedAt`).
    content = (
      <SignInSettingsFields key={settings.data.provider?.updatedAt ?? 'none'} settings={settings.data} />
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="single-sign-on-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="single-sign-on-title">
          {t('management.signIn.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('management.signIn.intro')}
        </Text>
        {content}
      </Stack>
    </Card>
  );
}

function SignInSettingsFields({ settings }: { settings: SignInSettings }) {
  const { t } = useTranslation();
  const save = useSaveSignInSettings();
  const remove = useRemoveSignInSettings();
  const provider = settings.provider;
  const [issuerUrl, setIssuerUrl] = useState(provider?.issuerUrl ?? '');
  const [clientId, setClientId] = useState(provider?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState<string[]>(provider?.domains.map((entry) => entry.domain) ?? []);
  const [newUserRoleKey, setNewUserRoleKey] = useState<RoleKey>(
    provider?.newUserRoleKey ?? 'organisationmember',
  );
  const [newUserSubscription, setNewUserSubscription] = useState<Subscription>(
    provider?.newUserSubscription ?? 'basic',
  );
  const [requireSingleSignOn, setRequireSingleSignOn] = useState(provider?.requireSingleSignOn ?? false);
  const [breakGlassUserId, setBreakGlassUserId] = useState<string | null>(provider?.breakGlassUserId ?? null);
  const [claimRows, setClaimRows] = useState(rowsOfClaims(provider?.attributeClaims));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);

  function check(): FieldErrors {
    const found: FieldErrors = {};
    if (!/^https?:\/\/\S+$/i.test(issuerUrl.trim()))
      found.issuerUrl = t('management.signIn.errors.issuerUrl');
    if (clientId.trim() === '') found.clientId = t('management.signIn.errors.clientId');
    // The stored secret never goes to another issuer or client ID (decision 020): type it again then.
    const sameClient = provider?.issuerUrl === issuerUrl.trim() && provider.clientId === clientId.trim();
    if (clientSecret.trim() === '' && !(provider?.hasClientSecret && sameClient)) {
      found.clientSecret = t(
        provider?.hasClientSecret
          ? 'management.signIn.errors.clientSecretAgain'
          : 'management.signIn.errors.clientSecret',
      );
    }
    if (domains.length === 0) found.domains = t('management.signIn.errors.domains');
    if (requireSingleSignOn && !breakGlassUserId)
      found.breakGlassUserId = t('management.signIn.errors.breakGlass');
    if (claimsOfRows(claimRows) === null)
      found.attributeClaims = t('management.signIn.errors.attributeClaims');
    return found;
  }

  /** The server names the field first (`issuerUrl: …`); its texts are English, ours are translated. */
  function showServerError(error: unknown) {
    if (!isApiRequestError(error)) {
      setFormError(t('management.errors.saveFailed'));
      return;
    }
    const field = /^(\w+):/.exec(error.message)?.[1];
    if (error.code === errorCodes.publicMailDomain) {
      setErrors({ domains: t('management.signIn.errors.publicMailDomain') });
    } else if (error.code === errorCodes.domainInUse) {
      setErrors({ domains: t('management.signIn.errors.domainInUse') });
    } else if (error.status === 409) {
      setErrors({ domains: t('management.signIn.errors.domainTaken') });
    } else if (error.status === 400 && field === 'issuerUrl') {
      setErrors({ issuerUrl: t(issuerErrorKey(error.message)) });
    } else if (error.status === 400 && field === 'clientSecret') {
      setErrors({
        clientSecret: t(
          /again/.test(error.message)
            ? 'management.signIn.errors.clientSecretAgain'
            : 'management.signIn.errors.clientSecret',
        ),
      });
    } else if (error.status === 400 && field === 'breakGlassUserId') {
      setErrors({ breakGlassUserId: t('management.signIn.errors.breakGlass') });
    } else if (error.status === 400 && field === 'domains') {
      setErrors({ domains: t('management.signIn.errors.domains') });
    } else {
      setFormError(t('management.errors.saveFailed'));
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        issuerUrl: issuerUrl.trim(),
        clientId: clientId.trim(),
        ...(clientSecret.trim() !== '' ? { clientSecret } : {}),
        domains,
        newUserRoleKey,
        newUserSubscription,
        requireSingleSignOn,
        breakGlassUserId,
        attributeClaims: claimsOfRows(claimRows) ?? {},
      },
      {
        onSuccess: () =>
          showToast({
            type: 'success',
            title: t('management.signIn.saved'),
            message: t('management.signIn.savedText'),
          }),
        onError: showServerError,
      },
    );
  }

  const administratorOptions = settings.administrators.map((administrator) => ({
    value: administrator.id,
    label: `${administrator.name} (${administrator.email})`,
  }));

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('management.signIn.title')}>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('management.signIn.issuerUrl')}
          description={t('management.signIn.issuerUrlHint')}
          placeholder="https://login.example.com/realms/company"
          value={issuerUrl}
          onChange={(event) => setIssuerUrl(event.currentTarget.value)}
          error={errors.issuerUrl}
          required
          type="url"
          autoComplete="off"
        />
        <TextInput
          label={t('management.signIn.redirectUri')}
          description={t('management.signIn.redirectUriHint')}
          value={settings.redirectUri}
          readOnly
          variant="filled"
        />
        <TextInput
          label={t('management.signIn.clientId')}
          value={clientId}
          onChange={(event) => setClientId(event.currentTarget.value)}
          error={errors.clientId}
          required
          autoComplete="off"
        />
        <PasswordInput
          label={t('management.signIn.clientSecret')}
          description={
            provider?.hasClientSecret
              ? t('management.signIn.clientSecretStored')
              : t('management.signIn.clientSecretHint')
          }
          value={clientSecret}
          onChange={(event) => setClientSecret(event.currentTarget.value)}
          error={errors.clientSecret}
          required={!provider?.hasClientSecret}
          autoComplete="new-password"
          data-testid="client-secret"
        />
        <TagsInput
          label={t('management.signIn.domains')}
          description={t('management.signIn.domainsHint')}
          placeholder="example.com"
          value={domains}
          onChange={(values) => setDomains([...new Set(values.map((value) => value.trim().toLowerCase()))])}
          error={errors.domains}
          required
          splitChars={[',', ' ']}
          clearable
        />
        {provider && <DomainProofs domains={provider.domains} typed={domains} proof={settings.domainProof} />}
        <Group grow align="flex-start">
          <Select
            label={t('management.signIn.newUserRole')}
            data={roleOptions(t)}
            value={newUserRoleKey}
            onChange={(value) => value && setNewUserRoleKey(value)}
            allowDeselect={false}
          />
          <Select
            label={t('management.signIn.newUserSubscription')}
            data={subscriptionOptions(t)}
            value={newUserSubscription}
            onChange={(value) => value && setNewUserSubscription(value)}
            allowDeselect={false}
          />
        </Group>
        <Switch
          label={t('management.signIn.require')}
          description={t('management.signIn.requireHint')}
          checked={requireSingleSignOn}
          onChange={(event) => setRequireSingleSignOn(event.currentTarget.checked)}
        />
        <Select
          label={t('management.signIn.breakGlass')}
          description={t('management.signIn.breakGlassHint')}
          data={administratorOptions}
          value={breakGlassUserId}
          onChange={setBreakGlassUserId}
          error={errors.breakGlassUserId}
          required={requireSingleSignOn}
          clearable
          placeholder={t('management.signIn.breakGlassNone')}
        />
        <AttributeClaimsField rows={claimRows} onChange={setClaimRows} error={errors.attributeClaims} />
        <Group justify="space-between">
          {provider ? (
            <Button variant="subtle" color="red" onClick={() => setConfirmRemove(true)}>
              {t('management.signIn.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={save.isPending}>
            {t('management.signIn.save')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={confirmRemove}
        onClose={() => setConfirmRemove(false)}
        title={t('management.signIn.removeTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('management.signIn.removeText')}</Text>
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              {t('management.errors.saveFailed')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRemove(false)}>
              {t('management.signIn.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmRemove(false);
                    showToast({
                      type: 'success',
                      title: t('management.signIn.removed'),
                      message: t('management.signIn.removedText'),
                    });
                  },
                })
              }
            >
              {t('management.signIn.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

/** The server's English reason for a refused issuer, as one of our translated messages. */
function issuerErrorKey(message: string) {
  if (/address|not allowed|this machine/.test(message))
    return 'management.signIn.errors.issuerAddress' as const;
  if (/https/.test(message)) return 'management.signIn.errors.issuerHttps' as const;
  return 'management.signIn.errors.discovery' as const;
}
