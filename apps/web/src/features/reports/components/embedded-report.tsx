import { useTranslation } from 'react-i18next';
import { frameSandbox } from '../utils/frame-sandbox';
import classes from './embedded-report.module.css';

/**
 * An embedded report: the configured URL in a sandboxed frame with a title (docs/product.md §D.3). The server only
 * offers same-origin pages or URLs on REPORT_FRAME_ORIGINS, the origins the CSP's frame-src allows.
 */
export function EmbeddedReport({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation();
  return (
    <iframe
      className={classes.frame}
      src={url}
      title={t('reports.embedded.frameTitle', { title })}
      sandbox={frameSandbox(url, window.location.origin)}
      referrerPolicy="no-referrer"
      loading="lazy"
      data-testid="embedded-report"
    />
  );
}
