import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import classes from './not-found.module.css';

/**
 * docs/product.md §2 Page not found: 'Oops, page not found', the explanation, and a 'return to home' link to the
 * root. Shown for unknown paths and for areas the user may not see (docs/product.md §6 management). Drawn without
 * Mantine's JavaScript (styled like it): this screen is part of the router module, loaded before the
 * first screen of every page but /login (decision 011).
 */
function NotFound({ fullPage }: { fullPage: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  const Root = fullPage ? 'main' : 'div';
  return (
    <Root className={classes.screen} data-full-page={fullPage || undefined}>
      <h1 className={classes.title}>{t('notFound.title')}</h1>
      <p className={classes.text}>{t('notFound.text')}</p>
      <Link className={classes.link} to={paths.home.getHref()}>
        {t('notFound.returnHome')}
      </Link>
    </Root>
  );
}

export function NotFoundRoute() {
  return <NotFound fullPage />;
}

/** The same screen inside the main layout's content area. */
export function NotFoundContent() {
  return <NotFound fullPage={false} />;
}
