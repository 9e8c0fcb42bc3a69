import { IconShieldExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/plain/alert';
import { Button } from '../../../components/ui/plain/button';
import { useIntegrityStore } from '../../../lib/integrity/integrity-state';
import { retryIntegrity } from '../../../lib/integrity/lazy-integrity';
import classes from './login-form.module.css';

/**
 * The login screen's word on app integrity (decision 007): shown when the check failed or the server refused
 * a sign-in for want of it, with a way to run the check again. Nothing is shown while all is well.
 */
export function IntegrityNotice() {
  const { t } = useTranslation();
  const status = useIntegrityStore((state) => state.status);
  const refused = useIntegrityStore((state) => state.refused);
  if (!refused && status !== 'failed') return null;

  const checking = status === 'checking';
  return (
    <Alert
      color="orange"
      icon={<IconShieldExclamation aria-hidden="true" />}
      title={t('login.integrity.title')}
      data-testid="integrity-notice"
    >
      <p className={classes.text}>{t(refused ? 'login.integrity.refused' : 'login.integrity.failed')}</p>
      {status !== 'ready' && (
        <div className={classes.followUp}>
          <Button size="xs" variant="light" color="orange" loading={checking} onClick={retryIntegrity}>
            {t('login.integrity.retry')}
          </Button>
        </div>
      )}
      {status === 'ready' && (
        <p className={`${classes.text} ${classes.followUp} ${classes.ready}`} role="status">
          {t('login.integrity.ready')}
        </p>
      )}
    </Alert>
  );
}
