import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FieldError } from '@campusrun/shared';
import { AppError, badRequest, validationFailed } from './errors';
import { HTTP_MESSAGES } from '@campusrun/shared';

export interface UploadedFile {
  fieldname: string;
  filename: string;
  /** As the client declared it; not trusted (the image pipeline decodes the bytes). */
  mimetype: string;
  /** A temporary file holding the bytes; it exists until the answer is sent. */
  path: string;
  /** Bytes received. */
  size: number;
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

const notMultipart = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', HTTP_MESSAGES.sendMultipart);

/** A preValidation hook: a 415 for anything but multipart/form-data, before the body schema runs. */
async function requireMultipart(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipart();
}

/** A form read by `multipartForm`: its fields checked by the route's schema, its files on disk. */
export interface Form<T> {
  fields: T;
  /** Temporary files; they exist until the answer is sent. */
  files: UploadedFile[];
}

export interface MultipartFormOptions<S extends z.ZodType> extends ReadMultipartOptions {
  /** The text fields' schema (shared with the web form, so both show the same messages). */
  schema: S;
  /** Fields that may repeat and are handed on as the list; any other repeated field keeps its last value. */
  lists?: readonly string[];
  /** Errors the files alone reveal (say, a required file is missing), listed after the fields' own. */
  fileErrors?: (files: UploadedFile[]) => FieldError[];
}

/**
 * The hooks of a multipart/form-data route, so its handler is handed a typed body:
 * - `preValidation`: a 415 for any other content type, before the (documentation-only) body schema;
 * - `read`: a preHandler, put after the route's own checks (role, ownership, rate limit) so nothing
 *   is read for a caller who may not send it. It streams the files to a temporary folder, checks the
 *   fields with `schema` (every bad field as { param, msg }, 400) and keeps the form for `of`;
 * - `onSend`: removes the temporary files once the handler has answered (or failed).
 */
export function multipartForm<S extends z.ZodType>(opts: MultipartFormOptions<S>) {
  const forms = new WeakMap<FastifyRequest, Form<z.infer<S>>>();
  const dirs = new WeakMap<FastifyRequest, string>();
  const lists = new Set(opts.lists ?? []);
  return {
    preValidation: requireMultipart,
    async read(request: FastifyRequest) {
      if (!request.isMultipart()) throw notMultipart();
      await mkdir(opts.tmpDir, { recursive: true, mode: 0o700 });
      const dir = await mkdtemp(path.join(opts.tmpDir, 'upload-'));
      dirs.set(request, dir);
      const { fields, files } = await readParts(request, opts, dir);
      const values: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(fields))
        values[key] = Array.isArray(value) && !lists.has(key) ? value[value.length - 1] : value;
      forms.set(request, { fields: checkFields(opts.schema, values, opts.fileErrors?.(files)), files });
    },
    async onSend(request: FastifyRequest, _reply: FastifyReply, payload: unknown) {
      const dir = dirs.get(request);
      if (dir) {
        dirs.delete(request);
        await rm(dir, { recursive: true, force: true });
      }
      return payload;
    },
    /** The form `read` kept for this request. */
    of(request: FastifyRequest): Form<z.infer<S>> {
      const form = forms.get(request);
      if (!form) throw new Error('multipartForm: the read hook did not run for this route');
      return form;
    },
  };
}

/** Checks values with a schema; a failure is a 400 listing each bad field once (then `extra`). */
function checkFields<S extends z.ZodType>(schema: S, values: unknown, extra: FieldError[] = []): z.infer<S> {
  const result = schema.safeParse(values);
  const errors = [...(result.success ? [] : fieldErrors(result.error.issues)), ...extra];
  if (!result.success || errors.length) throw validationFailed(errors);
  return result.data;
}

/** zod issues as the API's field errors: the first message of each field, in order. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const param = issue.path.map(String).join('.') || 'body';
    if (seen.has(param)) continue;
    seen.add(param);
    errors.push({ param, msg: issue.message });
  }
  return errors;
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
          throw badRequest(HTTP_MESSAGES.filesGoIn(opts.fileField), [
            { param: part.fieldname, msg: HTTP_MESSAGES.filesGoIn(opts.fileField) },
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
          throw badRequest(HTTP_MESSAGES.fieldNamedTooLong(part.fieldname), [
            { param: part.fieldname, msg: HTTP_MESSAGES.fieldTooLong },
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
      return new AppError(413, 'PAYLOAD_TOO_LARGE', HTTP_MESSAGES.tooManyFields);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest(HTTP_MESSAGES.invalidField);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart();
    default:
      // busboy's own parse errors (malformed body, missing boundary, aborted upload)
      if (
        err instanceof Error &&
        (code === 'FST_MP_PREMATURE_CLOSE' || /multipart|boundary|part/i.test(err.message))
      )
        return badRequest(HTTP_MESSAGES.uploadIncomplete);
      return err;
  }
}
