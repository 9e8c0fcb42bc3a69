import { VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../config/paths';
import { DataHome } from '../../../../features/data-sources/components/data-home';
import { DataSourcePage } from '../../../../features/data-sources/components/data-source-page';
import { DefinitionEditor } from '../../../../features/data-sources/components/definition-editor';
import { QueryLog } from '../../../../features/data-sources/components/query-log';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useSectionTitle } from './use-section-title';

const links = {
  dataHref: paths.managementData.getHref(),
  sourceHref: paths.managementDataSource.getHref,
  definitionHref: paths.managementDefinition.getHref,
  newDefinitionHref: paths.managementNewDefinition.getHref(),
  queryLogHref: paths.managementQueryLog.getHref(),
};

/** Management → Data (decision 027): data sources and report definitions. */
export function ManagementDataRoute() {
  const title = useSectionTitle('management.sections.data');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <DataHome {...links} />
    </>
  );
}

/** Management → Data → a data source. */
export function ManagementDataSourceRoute() {
  const { name = '' } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(`${name} · ${t('management.sections.data')} · ${t('management.title')}`);
  return <DataSourcePage key={name} name={name} dataHref={links.dataHref} definitionHref={links.definitionHref} />;
}

/** Management → Data → a report definition's editor (or a new one's). */
export function ManagementDefinitionRoute() {
  const { name = null } = useParams();
  const { t } = useTranslation();
  const label = name ?? t('management.data.definition.newTitle');
  useDocumentTitle(`${label} · ${t('management.sections.data')} · ${t('management.title')}`);
  return <DefinitionEditor key={name ?? ''} name={name} dataHref={links.dataHref} definitionHref={links.definitionHref} />;
}

/** Management → Data → Query log. */
export function ManagementQueryLogRoute() {
  const title = useSectionTitle('management.data.log.title');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <QueryLog dataHref={links.dataHref} definitionHref={links.definitionHref} />
    </>
  );
}
