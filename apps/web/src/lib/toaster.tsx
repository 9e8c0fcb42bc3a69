import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { toastWidth } from './toast';

/**
 * The toast container: bottom right, 420 px (spec §2, §9). A module of its own so the layout can load
 * it after the shell is on screen; toasts shown before that wait in the store and appear then.
 */
export function Toaster() {
  return <Notifications position="bottom-right" containerWidth={toastWidth} limit={5} zIndex={400} />;
}
