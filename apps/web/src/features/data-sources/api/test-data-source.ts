import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type DataSourceTestResponse } from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

/** `POST /api/management/data-sources/:name/test`: connect, prove the session read-only, check the account. */
export function testDataSource(name: string): Promise<DataSourceTestResponse> {
  return api.call(apiRoutes.testDataSource, { params: { name }, body: {} });
}

export function useTestDataSource() {
  return useMutation({ mutationFn: testDataSource });
}
