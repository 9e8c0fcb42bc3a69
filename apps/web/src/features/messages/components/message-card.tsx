import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BannerMessageButton, BannerMessageItem } from '@cockpit/contracts';
import { Button } from '../../../components/ui/plain/button';
import classes from './message-card.module.css';

type MessageCardProps = {
  message: BannerMessageItem;
  /** A button was pressed: run its action (the banner decides what that means). */
  onButton: (message: BannerMessageItem, button: BannerMessageButton) => void;
};

/**
 * docs/product.md §2 Message banner: one card with a title, a body, a primary button (default label: the translated
 * global label) and an optional secondary button. Presentational, so the management area can show the
 * very same card as a preview.
 */
export function MessageCard({ message, onButton }: MessageCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { action, secondaryAction } = message;
  // Plain elements with Mantine's look (Paper, Text, Button): the card is on the first screen whenever a
  // banner is (bundle budget, docs/decisions/011).
  return (
    <article aria-labelledby={titleId} className={classes.card} data-testid="message-card">
      <div className={classes.row}>
        <div className={classes.texts}>
          <p id={titleId} className={classes.title}>
            {message.title}
          </p>
          <p className={classes.body}>{message.body}</p>
        </div>
        <div className={classes.buttons}>
          {secondaryAction && (
            <Button variant="default" onClick={() => onButton(message, secondaryAction)}>
              {secondaryAction.label ?? t('global.ok')}
            </Button>
          )}
          <Button onClick={() => onButton(message, action)}>{action.label ?? t('global.ok')}</Button>
        </div>
      </div>
    </article>
  );
}
