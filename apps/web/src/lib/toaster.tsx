import { useMemo } from 'react';
import { MantineThemeProvider, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useTranslation } from 'react-i18next';
import { toastWidth } from './toast';

/**
 * The toast container: bottom right, 420 px (docs/product.md §2, §9). A module of its own so the layout can load
 * it after the shell is on screen; toasts shown before that wait in the store and appear then.
 */
export function Toaster() {
  const { t } = useTranslation();
  // Every toast's close button is named in the UI language (it is an icon only).
  const theme = useMemo(
    () => ({
      components: {
        Notification: Notification.extend({
          defaultProps: { closeButtonProps: { 'aria-label': t('common.close') } },
        }),
      },
    }),
    [t],
  );
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="bottom-right" containerWidth={toastWidth} limit={5} zIndex={400} />
    </MantineThemeProvider>
  );
}
