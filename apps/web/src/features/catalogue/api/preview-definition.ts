import { useMutation } from '@tanstack/react-query';
import {
  apiRoutes,
  type CatalogueReportDefinitionInput,
  type DefinitionPreviewResponse,
  type ParameterValues,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';

export type PreviewRequest = {
  definition: CatalogueReportDefinitionInput;
  values?: ParameterValues;
  /** "Preview as": the user attributes of this user are bound. */
  asUserId?: string;
};

/** `POST /api/management/definitions/preview`: the unsaved definition run on its real source, row-limited. */
export function previewDefinition(request: PreviewRequest): Promise<DefinitionPreviewResponse> {
  return api.call(apiRoutes.previewDefinition, { body: request });
}

export function usePreviewDefinition() {
  return useMutation({ mutationFn: previewDefinition });
}
