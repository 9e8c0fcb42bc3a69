import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCodes, type SignInDomain, type SignInSettings } from '@cockpit/contracts';
import { isApiRequestError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useVerifySignInDomain } from '../api/save-sign-in-settings';
import classes from '../../../components/ui/management-table.module.css';

interface DomainProofsProps {
  /** The saved domains with their state. */
  domains: SignInDomain[];
  /** The domains in the form now (a typed one is verified after saving). */
  typed: string[];
  proof: SignInSettings['domainProof'];
}

/**
 * Management → Sign-in: each claimed e-mail domain's state and, for an unverified one, the DNS TXT record
 * that proves it and a "Verify" button (decision 020: a domain routes sign-ins only once proven).
 */
export function DomainProofs({ domains, typed, proof }: DomainProofsProps) {
  const { t } = useTranslation();
  const verify = useVerifySignInDomain();
  const [problem, setProblem] = useState<{ domain: string; message: string } | null>(null);
  const unsaved = typed.filter((domain) => !domains.some((entry) => entry.domain === domain));

  function messageOf(error: unknown, domain: string): string {
    if (!isApiRequestError(error)) return t('management.signIn.errors.verifyFailed');
    if (error.code === errorCodes.domainNotProven)
      return t('management.signIn.errors.domainNotProven', { domain });
    if (error.code === errorCodes.publicMailDomain) return t('management.signIn.errors.publicMailDomain');
    if (error.code === errorCodes.domainInUse) return t('management.signIn.errors.domainInUse');
    if (error.status === 409) return t('management.signIn.errors.domainTaken');
    return t('management.signIn.errors.verifyFailed');
  }

  function handleVerify(domain: string) {
    setProblem(null);
    verify.mutate(domain, {
      onSuccess: () =>
        showToast({
          type: 'success',
          title: t('management.signIn.domainVerifiedToast'),
          message: t('management.signIn.domainVerifiedText', { domain }),
        }),
      onError: (error) => setProblem({ domain, message: messageOf(error, domain) }),
    });
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="domain-proofs-title" data-testid="domain-proofs">
      <Title order={3} size="h5" id="domain-proofs-title">
        {t('management.signIn.domainProofTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('management.signIn.domainProofIntro')}
      </Text>
      {problem && (
        <Alert color="red" variant="light" role="alert" data-testid="domain-proof-error">
          {problem.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('management.signIn.domains')}</Table.Th>
              <Table.Th>{t('management.signIn.domainProofName')}</Table.Th>
              <Table.Th>{t('management.signIn.domainProofType')}</Table.Th>
              <Table.Th>{t('management.signIn.domainProofValue')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.map((entry) => (
              <Table.Tr key={entry.domain} data-testid={`domain-${entry.domain}`}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{entry.domain}</Text>
                    <Badge
                      color={entry.verified ? 'green' : 'gray'}
                      variant="light"
                      className={classes.badge}
                    >
                      {entry.verified
                        ? t('management.signIn.domainVerified')
                        : t('management.signIn.domainUnverified')}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Code>{`${proof.recordPrefix}.${entry.domain}`}</Code>
                </Table.Td>
                <Table.Td>
                  <Code>TXT</Code>
                </Table.Td>
                <Table.Td>
                  <Code style={{ wordBreak: 'break-all' }}>{proof.recordValue}</Code>
                </Table.Td>
                <Table.Td>
                  {!entry.verified && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={verify.isPending && verify.variables === entry.domain}
                      onClick={() => handleVerify(entry.domain)}
                      aria-label={t('management.signIn.verifyDomain', { domain: entry.domain })}
                    >
                      {t('management.signIn.verify')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {unsaved.length > 0 && (
        <Text size="sm" c="dimmed">
          {unsaved.join(', ')}: {t('management.signIn.domainUnsaved')}
        </Text>
      )}
    </Stack>
  );
}
