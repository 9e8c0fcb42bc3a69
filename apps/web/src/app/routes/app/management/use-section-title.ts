import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../../lib/use-document-title';

/** The tab title of a management section: "Users · Management". */
export function useSectionTitle(sectionKey: string): string {
  const { t } = useTranslation();
  const title = t(sectionKey);
  useDocumentTitle(`${title} · ${t('management.title')}`);
  return title;
}
