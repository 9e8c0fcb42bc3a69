import type { ReactNode } from 'react';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@cockpit/contracts';
import { formatCalendarDate, formatDateTime, useCulture } from '../../../lib/date-time';
import { formatMoney } from '../utils/formatting';
import { subscriptionLabel } from '../../../lib/role-labels';
import classes from './contract-details.module.css';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** The facts of one contract as a description list (reference, plan, seats, fee, dates, terms). */
export function ContractDetails({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const culture = useCulture();
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" className={classes.list}>
        <Detail term={t('management.contract.reference')}>{contract.reference}</Detail>
        <Detail term={t('management.contract.plan')}>
          <Badge
            color={contract.plan === 'pro' ? 'orange' : 'gray'}
            variant={contract.plan === 'pro' ? 'filled' : 'light'}
          >
            {subscriptionLabel(t, contract.plan)}
          </Badge>
        </Detail>
        <Detail term={t('management.contract.seats')}>
          {t('management.contract.seatsValue', { count: contract.seats })}
        </Detail>
        <Detail term={t('management.contract.monthlyFee')}>
          {formatMoney(contract.monthlyFeeCents, contract.currency, culture)}
        </Detail>
        <Detail term={t('management.contract.startsOn')}>
          {formatCalendarDate(contract.startsOn, culture)}
        </Detail>
        <Detail term={t('management.contract.endsOn')}>
          {contract.endsOn
            ? formatCalendarDate(contract.endsOn, culture)
            : t('management.contract.openEnded')}
        </Detail>
        {contract.acceptedAt && (
          <Detail term={t('management.contract.acceptedAt')}>
            {contract.acceptedByName
              ? t('management.contract.acceptedAtBy', {
                  date: formatDateTime(contract.acceptedAt, culture),
                  name: contract.acceptedByName,
                })
              : formatDateTime(contract.acceptedAt, culture)}
          </Detail>
        )}
      </SimpleGrid>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('management.contract.terms')}
        </Text>
        <Text size="sm">{contract.terms}</Text>
      </div>
    </Stack>
  );
}
