import type { ReactNode } from 'react';
import { Button, Group, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUserSettings } from '../../../features/user-settings/api/get-user-settings';
import {
  forgetAppliedLanguage,
  useApplySavedLanguage,
} from '../../../features/user-settings/use-saved-language';
import { signOut } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { theme } from '../../theme';
import classes from './login.module.css';

/** A route without the shell: Mantine's theme (variables from the static style sheet) and the query cache, as the signed-in area has them. */
export function NoShellRoute({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

type NoShellScreenProps = {
  title: string;
  /** The heading's id, for a form that names itself by it. */
  titleId?: string;
  text: string;
  signOutLabel: string;
  children: ReactNode;
};

/**
 * A step the server demands before anything else (a new password, decision 022; two-factor set-up,
 * decision 021): the app's name, the step's heading and text, its form and signing out — no shell.
 */
export function NoShellScreen({ title, titleId, text, signOutLabel, children }: NoShellScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(title);
  // The user's saved language, as the signed-in area applies it (the settings call is allowed here).
  useApplySavedLanguage(useUserSettings().data);

  const handleSignOut = () => {
    forgetAppliedLanguage();
    void signOut((to) => navigate(to));
  };

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.heading}>
          <p className={classes.appName}>{t('app.name')}</p>
          <h1 className={classes.title} id={titleId}>
            {title}
          </h1>
          <p className={classes.subtitle}>{text}</p>
        </div>
        {children}
        <Group justify="flex-start">
          <Button variant="subtle" onClick={handleSignOut}>
            {signOutLabel}
          </Button>
        </Group>
      </div>
    </main>
  );
}
