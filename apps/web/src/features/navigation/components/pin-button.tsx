import { IconButton } from '../../../components/ui/plain/icon-button';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type PinButtonProps = {
  title: string;
  isPinned: boolean;
  onToggle: () => void;
};

/** docs/product.md §2 Main menu / Favorites: the favourites pin of an item, a toggle button with its own name. */
export function PinButton({ title, isPinned, onToggle }: PinButtonProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      variant="subtle"
      color={isPinned ? 'orange' : 'gray'}
      size={28}
      aria-label={t(isPinned ? 'pins.unpin' : 'pins.pin', { title })}
      aria-pressed={isPinned}
      data-pinned={isPinned}
      onClick={onToggle}
    >
      {isPinned ? <IconStarFilled size={16} aria-hidden="true" /> : <IconStar size={16} aria-hidden="true" />}
    </IconButton>
  );
}
