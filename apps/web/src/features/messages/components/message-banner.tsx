import { useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  isInternalPath,
  isSafeBannerHref,
  type BannerMessageButton,
  type BannerMessageItem,
} from '@cockpit/contracts';
import { useUiLanguage } from '../../../lib/use-ui-language';
import { useDismissMessage } from '../api/dismiss-message';
import { useCurrentMessage } from '../api/get-current-message';
import { bannerCardsReducer, initialBannerCards } from '../store/banner-cards';
import { MessageCard } from './message-card';
import classes from './message-banner.module.css';

/**
 * docs/product.md §2 Message banner / §4 Banner, docs/product.md §D.3: fetches the current message for the UI language
 * (again when the language changes: the same message id then replaces its card) and shows the cards;
 * hidden while there are none. Every button ends its card: a link button first opens its link (a path
 * of the app in place, a web address in a new tab), a close button only closes. Closing is sent to the
 * server so the message stays closed after a reload.
 */
export function MessageBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useUiLanguage();
  // Shown once the message area has the answer (message-area.tsx): no second request for it on mount.
  const current = useCurrentMessage(language, { refetchOnMount: false });
  const dismiss = useDismissMessage();
  const [state, dispatch] = useReducer(bannerCardsReducer, initialBannerCards);

  // Each answer is added once (React's "adjust state when a value changes" pattern, no effect needed).
  const item = current.data?.item ?? null;
  const [lastItem, setLastItem] = useState<BannerMessageItem | null>(null);
  if (item !== lastItem) {
    setLastItem(item);
    if (item) dispatch({ type: 'add', message: item });
  }

  function handleButton(message: BannerMessageItem, button: BannerMessageButton) {
    // The link was checked when it was saved; it is checked again here, and a bad one only closes.
    if (button.type === 'link' && isSafeBannerHref(button.href)) {
      if (isInternalPath(button.href)) void navigate(button.href);
      else window.open(button.href, '_blank', 'noopener,noreferrer');
    }
    dispatch({ type: 'close', id: message.id });
    dismiss.mutate(message.id);
  }

  if (state.cards.length === 0) return null;
  return (
    <div
      className={classes.banner}
      role="region"
      aria-label={t('messages.banner.label')}
      data-testid="message-banner"
    >
      {state.cards.map((message) => (
        <MessageCard key={message.id} message={message} onButton={handleButton} />
      ))}
    </div>
  );
}
