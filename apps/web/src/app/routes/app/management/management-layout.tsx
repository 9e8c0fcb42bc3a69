import { useEffect } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import {
  IconBell,
  IconDatabase,
  IconFileCertificate,
  IconHistory,
  IconKey,
  IconListTree,
  IconMail,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../config/paths';
import { useNavigationStore } from '../../../../features/navigation/store/navigation-store';
import classes from './management-layout.module.css';

const sections = [
  { href: paths.managementUsers.getHref(), labelKey: 'management.sections.users', icon: IconUsers },
  {
    href: paths.managementNotifications.getHref(),
    labelKey: 'management.sections.notifications',
    icon: IconBell,
  },
  {
    href: paths.managementBanners.getHref(),
    labelKey: 'management.sections.banners',
    icon: IconSpeakerphone,
  },
  {
    href: paths.managementCatalogue.getHref(),
    labelKey: 'management.sections.catalogue',
    icon: IconListTree,
  },
  { href: paths.managementData.getHref(), labelKey: 'management.sections.data', icon: IconDatabase },
  { href: paths.managementSignIn.getHref(), labelKey: 'management.sections.signIn', icon: IconKey },
  {
    href: paths.contractCenter.getHref(),
    labelKey: 'management.sections.contractCenter',
    icon: IconFileCertificate,
  },
  { href: paths.managementMail.getHref(), labelKey: 'management.sections.mail', icon: IconMail },
  { href: paths.managementActivity.getHref(), labelKey: 'management.sections.activity', icon: IconHistory },
] as const;

/**
 * docs/product.md §2 management route: the management area (organisation administrators only; the code is loaded
 * only for them). A heading, the sections as links, and the chosen section below.
 */
export function ManagementLayout() {
  const { t } = useTranslation();
  useWholeWidth();
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="management-title">
      <Title order={1} id="management-title">
        {t('management.title')}
      </Title>
      <nav aria-label={t('management.sectionsLabel')} className={classes.sections}>
        <Group gap={0} wrap="wrap" className={classes.sectionList}>
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

/**
 * Management's tables get the page's width: the side panel (the report menu) closes while the area is
 * open and opens again on leaving it, unless the user opened or closed it in between. The side menu's
 * arrow still opens it at any time.
 */
function useWholeWidth() {
  useEffect(() => {
    const { sideMenuOpen, closeSideMenu } = useNavigationStore.getState();
    if (!sideMenuOpen) return;
    closeSideMenu();
    let touched = false;
    const unsubscribe = useNavigationStore.subscribe((state, previous) => {
      if (state.sideMenuOpen !== previous.sideMenuOpen) touched = true;
    });
    return () => {
      unsubscribe();
      const state = useNavigationStore.getState();
      if (!touched && !state.sideMenuOpen) state.toggleSideMenu();
    };
  }, []);
}
