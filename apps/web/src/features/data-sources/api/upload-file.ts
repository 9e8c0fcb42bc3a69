import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiRoutes,
  type UploadOptions,
  type UploadPreviewResponse,
  type UploadResult,
} from '@cockpit/contracts';
import { api } from '../../../lib/api-client';
import { uploadedTablesQueryKey } from './upload-tables';

/** A CSV's preview needs its first rows only: larger files send this much of their beginning. */
export const csvPreviewBytes = 2 * 1024 * 1024;

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name);

export type PreviewRequest = {
  sourceName: string;
  file: File;
  sheet?: string | null;
  valueStyle?: 'en' | 'de';
  /** The rows to skip and whether a header follows them; the server suggests both when absent. */
  skipRows?: number;
  headerRow?: boolean;
  onProgress?: (fraction: number) => void;
};

/**
 * `POST …/uploads/preview` (multipart: the fields, then the file): separator, encoding, sheets, the
 * columns with their guessed types and the first rows. An XLSX workbook is sent whole (its archive ends
 * with what the sheets need), a CSV only its beginning.
 */
export function previewUpload({
  sourceName,
  file,
  sheet,
  valueStyle,
  skipRows,
  headerRow,
  onProgress,
}: PreviewRequest): Promise<UploadPreviewResponse> {
  const body = new FormData();
  if (valueStyle) body.append('valueStyle', valueStyle);
  if (sheet) body.append('sheet', sheet);
  if (skipRows !== undefined) body.append('skipRows', String(skipRows));
  if (headerRow !== undefined) body.append('headerRow', String(headerRow));
  const part = isXlsx(file) || file.size <= csvPreviewBytes ? file : file.slice(0, csvPreviewBytes);
  body.append('file', part, file.name);
  return api.call(apiRoutes.previewUpload, {
    params: { name: sourceName },
    body,
    onUploadProgress: onProgress ?? (() => undefined),
  });
}

export type UploadRequest = {
  sourceName: string;
  file: File;
  options: UploadOptions;
  onProgress: (fraction: number) => void;
};

/** `POST …/uploads`: the options (JSON) first, then the whole file; the server imports as it arrives. */
export function uploadTable({ sourceName, file, options, onProgress }: UploadRequest): Promise<UploadResult> {
  const body = new FormData();
  body.append('options', JSON.stringify(options));
  body.append('file', file, file.name);
  return api.call(apiRoutes.uploadTable, {
    params: { name: sourceName },
    body,
    onUploadProgress: onProgress,
    // A bad value (400) and a file over the limits (413) are answers the wizard shows, not faults.
    expectedStatuses: [400, 413],
  });
}

export function useUploadTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTable,
    onSuccess: async (_result, { sourceName }) => {
      await queryClient.invalidateQueries({ queryKey: uploadedTablesQueryKey(sourceName) });
    },
  });
}
