import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  /** As the client declared it; not trusted (the image pipeline decodes the bytes). */
  mimetype: string;
  data: Buffer;
}

export interface MultipartForm {
  /** Text fields; a repeated field becomes an array in arrival order. */
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

export interface ReadMultipartOptions {
  /** The only field name that may carry files. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Message of the 413 for a file over maxFileBytes. */
  fileTooLarge: string;
  /** Message of the 400 for more than maxFiles files. */
  tooManyFiles: string;
  maxFields?: number;
  maxFieldBytes?: number;
}

const notMultipart = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');

/** A preValidation hook: a 415 for anything but multipart/form-data, before the body schema runs. */
export async function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipart();
}

/**
 * Buffers a multipart/form-data body within limits (needs @fastify/multipart registered in scope).
 * Every limit breach becomes a clear 4xx AppError; nothing touches the disk.
 */
export async function readMultipart(
  request: FastifyRequest,
  opts: ReadMultipartOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw notMultipart();
  const fields: Record<string, string | string[]> = Object.create(null);
  const files: UploadedFile[] = [];
  try {
    const parts = request.parts({
      limits: {
        files: opts.maxFiles,
        fileSize: opts.maxFileBytes,
        fields: opts.maxFields ?? 40,
        fieldSize: opts.maxFieldBytes ?? 64 * 1024,
        parts: opts.maxFiles + (opts.maxFields ?? 40),
        headerPairs: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField) {
          part.file.resume();
          throw badRequest(`Files go in the "${opts.fileField}" field.`, [
            { param: part.fieldname, msg: `Files go in the "${opts.fileField}" field.` },
          ]);
        }
        const data = await part.toBuffer();
        files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw badRequest(`The ${part.fieldname} field is too long.`, [
            { param: part.fieldname, msg: 'This field is too long' },
          ]);
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        const prev = fields[part.fieldname];
        fields[part.fieldname] =
          prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
      }
    }
  } catch (err) {
    throw mapMultipartError(err, opts);
  }
  return { fields, files };
}

function mapMultipartError(err: unknown, opts: ReadMultipartOptions): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', opts.fileTooLarge, {
        errors: [{ param: opts.fileField, msg: opts.fileTooLarge }],
      });
    case 'FST_FILES_LIMIT':
      return badRequest(opts.tooManyFiles, [{ param: opts.fileField, msg: opts.tooManyFiles }]);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The form has too many fields.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('The form contains an invalid field.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart();
    default:
      // busboy's own parse errors (malformed body, missing boundary, aborted upload)
      if (
        err instanceof Error &&
        (code === 'FST_MP_PREMATURE_CLOSE' || /multipart|boundary|part/i.test(err.message))
      )
        return badRequest('The upload was incomplete or malformed. Please try again.');
      return err;
  }
}
