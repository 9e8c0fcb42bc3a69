import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import classes from './page.module.css';

type PageProps = { title: string; children?: ReactNode };

/** A routed page in the content area: sets the tab title (docs/product.md §2 "titled …") and shows it as heading. */
export function Page({ title, children }: PageProps) {
  useDocumentTitle(title);
  return (
    // Plain elements with Mantine's Stack and Title look (bundle budget, docs/decisions/011): the reports home is drawn with it.
    <section className={classes.page} aria-labelledby="page-title">
      <h1 className={classes.title} id="page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
