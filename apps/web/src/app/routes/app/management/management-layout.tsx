import { Group, Stack, Title } from '@mantine/core';
import {
  IconBell,
  IconDatabase,
  IconFileCertificate,
  IconHistory,
  IconKey,
  IconListTree,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../config/paths';
import classes from './management-layout.module.css';

const sections = [
  { href: paths.managementUsers.getHref(), labelKey: 'management.sections.users', icon: IconUsers },
  { href: paths.managementNotifications.getHref(), labelKey: 'management.sections.notifications', icon: IconBell },
  { href: paths.managementBanners.getHref(), labelKey: 'management.sections.banners', icon: IconSpeakerphone },
  { href: paths.managementCatalogue.getHref(), labelKey: 'management.sections.catalogue', icon: IconListTree },
  { href: paths.managementData.getHref(), labelKey: 'management.sections.data', icon: IconDatabase },
  { href: paths.managementSignIn.getHref(), labelKey: 'management.sections.signIn', icon: IconKey },
  { href: paths.contractCenter.getHref(), labelKey: 'management.sections.contractCenter', icon: IconFileCertificate },
  { href: paths.managementActivity.getHref(), labelKey: 'management.sections.activity', icon: IconHistory },
] as const;

/**
 * spec §2 management route: the management area (organisation administrators only; the code is loaded
 * only for them). A heading, the sections as links, and the chosen section below.
 */
export function ManagementLayout() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" p="xl" component="section" aria-labelledby="management-title">
      <Title order={1} id="management-title">
        {t('management.title')}
      </Title>
      <nav aria-label={t('management.sectionsLabel')} className={classes.sections}>
        <Group gap={0} wrap="wrap">
          {sections.map(({ href, labelKey, icon: Icon }) => (
            <NavLink key={href} to={href} className={classes.section}>
              <Icon size={18} aria-hidden="true" />
              <span>{t(labelKey)}</span>
            </NavLink>
          ))}
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
