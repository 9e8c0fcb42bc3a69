import { Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getSourceSchemaQueryOptions } from '../api/get-source-schema';
import { UploadTableWizard } from './upload-table-wizard';
import { UploadedTablesList } from './upload-tables-list';

/**
 * The uploaded tables of an `uploads` source (decision 027): a file into a table, then the tables there.
 * A new or replaced table changes what the SQL editor completes, so the source's tables are read again.
 */
export function UploadsSection({ sourceName }: { sourceName: string }) {
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <UploadTableWizard
          sourceName={sourceName}
          onDone={() =>
            void queryClient.invalidateQueries({ queryKey: getSourceSchemaQueryOptions(sourceName).queryKey })
          }
        />
      </Paper>
      <UploadedTablesList sourceName={sourceName} />
    </Stack>
  );
}
