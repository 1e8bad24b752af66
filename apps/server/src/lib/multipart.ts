import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  /** As the client declared it; not trusted (the image pipeline decodes the bytes). */
  mimetype: string;
  /** A temporary file holding the bytes; it exists only while the `withMultipart` callback runs. */
  path: string;
  /** Bytes received. */
  size: number;
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
  /** Where the temporary files go (created when missing), e.g. DATA_DIR/tmp. */
  tmpDir: string;
}

const notMultipart = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the form as multipart/form-data.');

/** A preValidation hook: a 415 for anything but multipart/form-data, before the body schema runs. */
export async function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipart();
}

/**
 * Reads a multipart/form-data body within limits (needs @fastify/multipart registered in scope) and
 * hands it to `use`. Text fields are kept in memory (they are small); each file is streamed to a
 * temporary file as it arrives, so a large upload never sits in memory. The temporary files are
 * removed once `use` settles, and on every failure: a limit, a malformed body, an error in `use`, a
 * client that hangs up mid-upload. Every limit breach becomes a clear 4xx AppError.
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  opts: ReadMultipartOptions,
  use: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw notMultipart();
  await mkdir(opts.tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(opts.tmpDir, 'upload-'));
  try {
    return await use(await readParts(request, opts, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readParts(request: FastifyRequest, opts: ReadMultipartOptions, dir: string) {
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
        const file = path.join(dir, `${files.length}.upload`);
        const out = createWriteStream(file, { flags: 'wx' });
        await pipeline(part.file, out);
        // Past the size limit the parser stops passing bytes on and marks the stream truncated.
        if (part.file.truncated) throw fileTooLarge(opts);
        files.push({
          fieldname: part.fieldname,
          filename: part.filename,
          mimetype: part.mimetype,
          path: file,
          size: out.bytesWritten,
        });
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

const fileTooLarge = (opts: ReadMultipartOptions) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', opts.fileTooLarge, {
    errors: [{ param: opts.fileField, msg: opts.fileTooLarge }],
  });

function mapMultipartError(err: unknown, opts: ReadMultipartOptions): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(opts);
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
