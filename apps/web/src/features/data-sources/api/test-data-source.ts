import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type DataSourceTestResponse, type UnsavedDataSourceTestBody } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** What is tested: a stored source by its name, or a connection as the add-source form holds it. */
export type ConnectionTestTarget = { name: string } | { unsaved: UnsavedDataSourceTestBody };

/**
 * `POST /api/management/data-sources/:name/test`, or `POST …/connection-test` for a connection not saved
 * yet: connect, prove the session read-only, check the account.
 */
export function testDataSource(target: ConnectionTestTarget): Promise<DataSourceTestResponse> {
  return 'name' in target
    ? api.call(apiRoutes.testDataSource, { params: { name: target.name }, body: {} })
    : api.call(apiRoutes.testUnsavedDataSource, { body: target.unsaved });
}

export function useTestDataSource() {
  return useMutation({ mutationFn: testDataSource });
}
