import { VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../../config/paths';
import { useDefinitions } from '../../../../features/catalogue/api/get-definitions';
import {
  DefinitionEditor,
  type EditorDataSources,
} from '../../../../features/catalogue/components/definition-editor';
import { DefinitionsList } from '../../../../features/catalogue/components/definitions-list';
import { useDataSources } from '../../../../features/data-sources/api/get-data-sources';
import { useSourceSchema } from '../../../../features/data-sources/api/get-source-schema';
import { DataHome } from '../../../../features/data-sources/components/data-home';
import { DataSourcePage } from '../../../../features/data-sources/components/data-source-page';
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

/** The definition editor (catalogue) reads the data sources through the data-sources feature's queries. */
const editorDataSources: EditorDataSources = { useSources: useDataSources, useSchema: useSourceSchema };

/** Management → Data (decision 027): data sources (data-sources) and report definitions (catalogue). */
export function ManagementDataRoute() {
  const title = useSectionTitle('management.sections.data');
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <DataHome
        sourceHref={links.sourceHref}
        definitionHref={links.definitionHref}
        queryLogHref={links.queryLogHref}
        definitions={
          <DefinitionsList
            sourceHref={links.sourceHref}
            definitionHref={links.definitionHref}
            newDefinitionHref={links.newDefinitionHref}
          />
        }
      />
    </>
  );
}

/** Management → Data → a data source. */
export function ManagementDataSourceRoute() {
  const { name = '' } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(`${name} · ${t('management.sections.data')} · ${t('management.title')}`);
  return (
    <DataSourcePage key={name} name={name} dataHref={links.dataHref} definitionHref={links.definitionHref} />
  );
}

/** Management → Data → a report definition's editor (or a new one's). */
export function ManagementDefinitionRoute() {
  const { name = null } = useParams();
  const { t } = useTranslation();
  const label = name ?? t('management.data.definition.newTitle');
  useDocumentTitle(`${label} · ${t('management.sections.data')} · ${t('management.title')}`);
  return (
    <DefinitionEditor
      key={name ?? ''}
      name={name}
      dataHref={links.dataHref}
      definitionHref={links.definitionHref}
      dataSources={editorDataSources}
    />
  );
}

/** Management → Data → Query log. */
export function ManagementQueryLogRoute() {
  const title = useSectionTitle('management.data.log.title');
  // The definitions to filter by are the catalogue's.
  const definitions = useDefinitions();
  const definitionNames = definitions.data?.items.map((definition) => definition.name) ?? noNames;
  return (
    <>
      <VisuallyHidden component="h2">{title}</VisuallyHidden>
      <QueryLog
        dataHref={links.dataHref}
        definitionHref={links.definitionHref}
        definitionNames={definitionNames}
      />
    </>
  );
}

const noNames: readonly string[] = [];
