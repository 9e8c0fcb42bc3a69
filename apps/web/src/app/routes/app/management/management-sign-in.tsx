import { Stack, VisuallyHidden } from '@mantine/core';
import { SignInSettingsForm } from '../../../../features/single-sign-on/components/sign-in-settings-form';
import { TwoFactorPolicyCard } from '../../../../features/two-factor/components/two-factor-policy-card';
import { useSectionTitle } from './use-section-title';

/** Management → Sign-in (decisions 020, 021): the organisation's single sign-on provider and two-factor policy. */
export function ManagementSignInRoute() {
  const title = useSectionTitle('management.sections.signIn');
  return (
    <Stack gap="lg">
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <SignInSettingsForm />
      <TwoFactorPolicyCard />
    </Stack>
  );
}
