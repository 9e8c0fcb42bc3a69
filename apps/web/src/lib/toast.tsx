import { useState } from 'react';
import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';

/**
 * Toasts (docs/product.md §2 Toasts, §3 Toast, §9): bottom right, 420 px wide; types info, success, warning and
 * error; a title, a message, and a close button when closable. Every feature shows toasts through
 * `showToast`; the app mounts `<Toaster />` (toaster.tsx) once, in the main layout.
 */
export const toastTypes = ['info', 'success', 'warning', 'error'] as const;
export type ToastType = (typeof toastTypes)[number];

export type Toast = {
  /** A toast with an id that is already shown replaces it (no duplicates for the same event). */
  id?: string;
  type: ToastType;
  title: string;
  message: string;
  /** Shows the close button (default true). */
  closable?: boolean;
  /** Milliseconds until it closes by itself, or false to stay; errors stay longer by default. */
  autoClose?: number | false;
};

export const toastWidth = 420;

const toastStyle: Record<ToastType, { color: string; icon: typeof IconInfoCircle; autoClose: number }> = {
  info: { color: 'blue', icon: IconInfoCircle, autoClose: 6_000 },
  success: { color: 'green', icon: IconCheck, autoClose: 4_000 },
  warning: { color: 'orange', icon: IconAlertTriangle, autoClose: 8_000 },
  error: { color: 'red', icon: IconX, autoClose: 10_000 },
};

let sequence = 0;

/** Shows a toast and returns its id. */
export function showToast({ id, type, title, message, closable = true, autoClose }: Toast): string {
  const style = toastStyle[type];
  const Icon = style.icon;
  const toastId = id ?? `toast-${++sequence}`;
  const data = {
    id: toastId,
    title,
    message,
    color: style.color,
    icon: <Icon size={18} aria-hidden="true" />,
    withCloseButton: closable,
    autoClose: autoClose ?? style.autoClose,
    // Errors interrupt screen readers; the others wait their turn.
    role: type === 'error' ? 'alert' : 'status',
    'data-toast-type': type,
  } as const;
  const { notifications: shown, queue } = notificationsStore.getState();
  if ([...shown, ...queue].some((item) => item.id === toastId)) notifications.update(data);
  else notifications.show(data);
  return toastId;
}

/**
 * Whether a toast has been asked for in this tab (and stays true after): the layout mounts the toast
 * container (toaster.tsx, with Mantine's Notifications and its transitions) only then, so it is not part
 * of what every signed-in page downloads (bench/web-bundle.bench.ts). Toasts shown before it has loaded
 * wait in the store and appear once it has.
 */
export function useToastsWanted(): boolean {
  const { notifications: shown, queue } = useNotifications(notificationsStore);
  const asked = shown.length > 0 || queue.length > 0;
  const [wanted, setWanted] = useState(asked);
  if (asked && !wanted) setWanted(true);
  return wanted || asked;
}
