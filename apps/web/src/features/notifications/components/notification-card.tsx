import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localizedText, type Notification } from '@cockpit/contracts';
import { VisuallyHidden } from '../../../components/ui/plain/visually-hidden';
import { useIsClamped } from '../hooks/use-is-clamped';
import { formatShortDate } from '../../../lib/date-time';
import classes from './notification-card.module.css';

type NotificationCardProps = {
  notification: Notification;
  /** The UI language (docs/product.md §9 picks the title/text language from it). */
  language: string;
  /** The UI culture for the short date (docs/product.md §D.3). */
  culture: string;
  onOpen: (notification: Notification) => void;
  onHover: (notification: Notification) => void;
};

/**
 * docs/product.md §2 Notifications: a card with title, text clamped at 4 lines, short date and the unread dot; a
 * "read more" hint only when the text is really cut. The whole card is one button that opens the detail
 * dialog (so "read more" is part of it, not a second control).
 */
export function NotificationCard({
  notification,
  language,
  culture,
  onOpen,
  onHover,
}: NotificationCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const title = localizedText(notification.content.title, language);
  const text = localizedText(notification.content.text, language);
  const [textRef, clamped] = useIsClamped<HTMLParagraphElement>(text);
  const unread = !notification.wasRead;

  // Plain elements with Mantine's look (bundle budget, docs/decisions/011): the reports home shows cards.
  return (
    <button
      type="button"
      className={classes.card}
      onClick={() => onOpen(notification)}
      onMouseEnter={() => onHover(notification)}
      aria-labelledby={`${id}-title${unread ? ` ${id}-unread` : ''}`}
      aria-describedby={`${id}-date`}
      data-testid="notification-card"
      data-unread={unread || undefined}
    >
      <div className={classes.body}>
        <div className={classes.heading}>
          <p id={`${id}-title`} className={classes.titleText} style={{ fontWeight: unread ? 700 : 500 }}>
            {title}
          </p>
          {unread && (
            <>
              <span className={classes.unreadDot} aria-hidden="true" data-testid="unread-dot" />
              <VisuallyHidden id={`${id}-unread`}>{t('notifications.unread')}</VisuallyHidden>
            </>
          )}
        </div>
        <time id={`${id}-date`} className={classes.date} dateTime={notification.date}>
          {formatShortDate(notification.date, culture)}
        </time>
        <p ref={textRef} className={classes.textBody}>
          {text}
        </p>
        {clamped && (
          <span className={classes.readMoreText} data-testid="read-more">
            {t('notifications.readMore')}
          </span>
        )}
      </div>
    </button>
  );
}

type NotificationCardItemsProps = Omit<NotificationCardProps, 'notification'> & {
  notifications: Notification[];
};

/** The cards of a list, one `<li>` each (the notifications panel, the reports home). */
export function NotificationCardItems({ notifications, ...card }: NotificationCardItemsProps) {
  return notifications.map((notification) => (
    <li key={notification.uid}>
      <NotificationCard notification={notification} {...card} />
    </li>
  ));
}
