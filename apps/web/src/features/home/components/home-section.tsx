import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderTile, type PlaceholderIcon } from '../../../components/ui/placeholder-tile';
import { Skeleton } from '../../../components/ui/plain/skeleton';
import classes from './home-section.module.css';

/** Where a section's data is: still loading, failed, or here (TanStack Query's `status`). */
export type HomeSectionStatus = 'pending' | 'error' | 'success';

type HomeSectionProps = {
  /** Names the section in the page (`home-section-<id>`) and links its heading. */
  id: string;
  title: string;
  status: HomeSectionStatus;
  /** Loaded, but nothing to show: the placeholder tile with `empty`. */
  isEmpty: boolean;
  empty: { icon: PlaceholderIcon; headline: string; text: string };
  /** Shown with the error tile as a "try again" button. */
  onRetry?: () => void;
  /** How many skeleton tiles stand in while loading. */
  skeletonCount?: number;
  children?: ReactNode;
};

/**
 * One section of the reports home (docs/product.md §D.3 routes) with its own loading, error and empty state — a
 * failing section never takes the others down. Errors and "nothing yet" are the docs/product.md §2 placeholder tile.
 */
export function HomeSection({
  id,
  title,
  status,
  isEmpty,
  empty,
  onRetry,
  skeletonCount = 3,
  children,
}: HomeSectionProps) {
  const { t } = useTranslation();
  const headingId = `home-section-${id}-title`;

  let content: ReactNode;
  if (status === 'pending') {
    content = (
      <div className={classes.skeletons} aria-busy="true" aria-label={t('home.loading', { section: title })}>
        {Array.from({ length: skeletonCount }, (_, index) => (
          <Skeleton key={index} height={72} radius="md" />
        ))}
      </div>
    );
  } else if (status === 'error') {
    content = <PlaceholderTile compact headingOrder={3} onRetry={onRetry} />;
  } else if (isEmpty) {
    content = (
      <PlaceholderTile
        compact
        headingOrder={3}
        icon={empty.icon}
        headline={empty.headline}
        text={empty.text}
      />
    );
  } else {
    content = children;
  }

  return (
    <section
      className={classes.section}
      aria-labelledby={headingId}
      data-testid={`home-section-${id}`}
      data-status={status === 'success' && isEmpty ? 'empty' : status}
    >
      <h2 className={classes.title} id={headingId}>
        {title}
      </h2>
      {content}
    </section>
  );
}
