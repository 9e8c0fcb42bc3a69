import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../lib/auth/session-state';
import classes from './service-unavailable-notice.module.css';

/**
 * "The service is briefly unavailable, retrying…" while the server cannot say whether the session
 * exists (decision 009 "Outages"): the person stays where they are, signed in, while the session asks
 * again. Mantine-free like the loader under it (components/ui/plain): it may show on the first screen.
 */
export function ServiceUnavailableNotice() {
  const { t } = useTranslation();
  const unavailable = useSessionStore((state) => state.serviceUnavailable);
  if (!unavailable) return null;
  return (
    <div className={classes.notice} role="status" data-testid="service-unavailable">
      {t('session.unavailable')}
    </div>
  );
}
