import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  type Endpoint,
  apiEndpoints,
  errorCodes,
  uploadOptionsSchema,
  uploadSkipRowsSchema,
  uploadValueStyleSchema,
} from '@cockpit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../activity';
import { endpointRoute } from '../../lib/endpoint-route';
import { HttpError, badRequest } from '../../lib/http-error';
import { UploadValueError } from './upload-errors';
import { importUpload, previewUpload } from './upload-import';
import { type UploadRows, readUpload } from './upload-readers';
import { findUploadsSource, listUploadedTables, removeUploadedTable } from './uploaded-tables-repository';

// Management → Data → an `uploads` source's tables (decision 027). Registered in the management scope
// (administrators only, their own organisation only). Files come as multipart/form-data and are read as
// a stream: the fields first, then `file`.

/** The fields before the file are small (the import's options name at most 500 columns). */
const fieldLimits = { fields: 5, fieldSize: 1024 * 1024, files: 1, parts: 6 };

/**
 * Runs `work` on the request's file as it arrives, with the fields sent before it. Whatever happens, the
 * rest of the file is read (and dropped), so the client always gets the answer.
 */
async function withUploadedFile<T>(
  request: FastifyRequest,
  maxBytes: number,
  options: { sheet?: (fields: Record<string, unknown>) => string | undefined },
  work: (fields: Record<string, unknown>, upload: UploadRows, file: MultipartFile) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new HttpError(415, errorCodes.unsupportedMediaType, 'Send the file as multipart/form-data');
  }
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { ...fieldLimits, fileSize: maxBytes } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file') throw badRequest('The file must be sent as the field "file"');
    let upload: UploadRows | null = null;
    try {
      upload = await readUpload(part.file, { sheet: options.sheet?.(fields), maxBytes });
      return await work(fields, upload, part);
    } finally {
      if (upload) await upload.drain();
      else part.file.resume();
    }
  }
  throw badRequest('The request has no file (the field "file")');
}

/** A bad or too long value is answered with its row and column (`detail`), which the UI shows. */
async function withValueErrors<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UploadValueError)) throw error;
    return reply
      .status(400)
      .send({ error: { code: error.code, message: error.message, detail: error.detail } });
  }
}

/**
 * The route of an upload endpoint, with its descriptor's media type (multipart/form-data) in the API
 * document: `endpointRoute` describes every body as JSON (decision 025).
 */
function multipartRoute<E extends Endpoint & { readonly consumes: readonly string[] }>(endpoint: E) {
  const route = endpointRoute(endpoint);
  return { ...route, schema: { ...route.schema, consumes: [...endpoint.consumes] } };
}

const textField = (fields: Record<string, unknown>, name: string): string | undefined => {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 200) throw badRequest(`The field "${name}" is not valid`);
  return value;
};

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only these routes read multipart bodies (the parser is registered in this plugin's scope).
  await app.register(multipart, { throwFileSizeLimit: true });
  const { maxBytes, maxRows } = app.config.uploadLimits;

  app.route({
    ...multipartRoute(apiEndpoints.previewUpload),
    handler: async (request, reply) => {
      await findUploadsSource(app.db, request.user.organisationId, request.params.name);
      return withValueErrors(reply, () =>
        withUploadedFile(
          request,
          maxBytes,
          { sheet: (fields) => textField(fields, 'sheet') },
          async (fields, upload, file) => {
            const style = textField(fields, 'valueStyle');
            const valueStyle = style === undefined ? undefined : uploadValueStyleSchema.safeParse(style).data;
            if (style !== undefined && !valueStyle)
              throw badRequest('The field "valueStyle" must be "en" or "de"');
            return previewUpload(upload, {
              valueStyle,
              fileName: file.filename ?? '',
              layout: layoutFields(fields),
            });
          },
        ),
      );
    },
  });

  app.route({
    ...multipartRoute(apiEndpoints.uploadTable),
    handler: async (request, reply) => {
      const actor = actorOf(request);
      await findUploadsSource(app.db, actor.organisationId, request.params.name);
      return withValueErrors(reply, () =>
        withUploadedFile(
          request,
          maxBytes,
          { sheet: (fields) => parseOptions(fields).sheet },
          (fields, upload) => {
            const options = parseOptions(fields);
            return importUpload(app.db, upload, {
              actor,
              sourceName: request.params.name,
              table: options.table,
              mode: options.mode,
              valueStyle: options.valueStyle,
              columns: options.columns,
              layout: { skipRows: options.skipRows, headerRow: options.headerRow },
              dropTotalsRow: options.dropTotalsRow,
              maxRows,
            });
          },
        ),
      );
    },
  });

  app.route({
    ...endpointRoute(apiEndpoints.listUploadedTables),
    handler: async (request) => listUploadedTables(app.db, request.user.organisationId, request.params.name),
  });

  app.route({
    ...endpointRoute(apiEndpoints.removeUploadedTable),
    handler: async (request, reply) => {
      await removeUploadedTable(app.db, actorOf(request), request.params.name, request.params.table);
      return reply.status(204).send(null);
    },
  });
};

/** The preview's `skipRows` and `headerRow` fields; each absent one is suggested from the file. */
function layoutFields(fields: Record<string, unknown>): { skipRows?: number; headerRow?: boolean } {
  const skip = textField(fields, 'skipRows');
  const header = textField(fields, 'headerRow');
  const skipRows = skip === undefined ? undefined : uploadSkipRowsSchema.safeParse(Number(skip)).data;
  if (skip !== undefined && (skipRows === undefined || !/^\d+$/.test(skip)))
    throw badRequest('The field "skipRows" must be a whole number from 0 to 1000');
  if (header !== undefined && header !== 'true' && header !== 'false')
    throw badRequest('The field "headerRow" must be "true" or "false"');
  return {
    ...(skipRows === undefined ? {} : { skipRows }),
    ...(header === undefined ? {} : { headerRow: header === 'true' }),
  };
}

/** The `options` field (JSON) that must come before the file. */
function parseOptions(fields: Record<string, unknown>) {
  const raw = fields.options;
  if (raw === undefined) throw badRequest('The field "options" must come before the file');
  let json: unknown = raw;
  if (typeof raw === 'string') {
    try {
      json = JSON.parse(raw);
    } catch {
      throw badRequest('The field "options" is not JSON');
    }
  }
  const parsed = uploadOptionsSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const path = issue?.path.join('.') ?? '';
    throw badRequest(`Invalid options${path ? ` field '${path}'` : ''}: ${issue?.message ?? 'not valid'}`);
  }
  return parsed.data;
}
