import {
  MaxPartSizeExceededError,
  json,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandlerPart,
} from "@remix-run/node";
import { MSG } from "#contract/core/messages";
import type { UploadPurpose } from "#contract/uploads/uploads";
import type { ApiClient } from "./api.server";

/** Text fields of an upload form are small; a larger one is refused rather than held in memory. */
const MAX_TEXT_FIELD = 64 * 1024;

/**
 * A file part as a stream the API can read at its own pace (nothing is buffered here). After the API has
 * answered, `drain()` reads away whatever it did not take, so the form parser can go on to the next part.
 */
function partStream(part: UploadHandlerPart) {
  const iterator = part.data[Symbol.asyncIterator]();
  let inFlight: Promise<unknown> = Promise.resolve();
  let finished = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (finished) return controller.close();
        const step = iterator.next();
        inFlight = step;
        const { value, done } = await step;
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
  async function drain() {
    finished = true;
    await inFlight.catch(() => undefined);
    for (;;) if ((await iterator.next()).done) break;
  }
  return { body, drain };
}

async function drainPart(part: UploadHandlerPart) {
  for await (const _chunk of part.data) void _chunk;
}

/** Sends one file part to POST /api/upload/file as a raw streamed body, as the page's own API call. */
async function sendToApi(
  request: Request,
  api: ApiClient,
  part: UploadHandlerPart,
  purpose: UploadPurpose,
  anonymous: boolean,
) {
  const { body, drain } = partStream(part);
  const headers = new Headers({
    "content-type": part.contentType || "application/octet-stream",
    "x-file-name": encodeURIComponent(part.filename ?? "file"),
    "x-purpose": purpose,
  });
  // upload keys are kept under the host the page was reached at
  const host = request.headers.get("host");
  if (host) headers.set("x-forwarded-host", host);
  const file = { body, headers, unreadable: MSG.fileUploadFailed(part.filename ?? "file") };
  try {
    // the public registration page uploads anonymously (ADR 0019)
    return anonymous ? await api.upload("upload/public/file", file) : await api.upload("upload/file", file);
  } finally {
    await drain();
  }
}

/** The file input that goes with a picture field (ImageUpload names it so). */
export const fileInputName = (field: string) => `${field}File`;

/** A read form: its fields, each picture field's refusal, each field's stored location and each location's type. */
interface FormWithFiles {
  formData: FormData;
  fileErrors: Record<string, string>;
  uploaded: Record<string, string>;
  types: Record<string, string>;
  /** each stored location's file name, as the person's computer called it */
  fileNames: Record<string, string>;
}

/** A file part read as text (a CSV to import), up to `max` bytes; null past it. */
async function partText(part: UploadHandlerPart, max: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of part.data) {
    size += chunk.byteLength;
    if (size <= max) chunks.push(chunk);
  }
  return size > max ? null : new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * Reads a form that a page without JavaScript posted as multipart/form-data. For each picture field named in
 * `fields`, a file chosen in its file input (`<field>File`) is streamed to /api/upload/file (checked there like
 * any upload) and its stored location becomes the field's value; a refusal leaves the field as it was and puts
 * the API's message in `fileErrors[field]`. A urlencoded post (the page with JavaScript, which uploaded
 * already) is read as is.
 */
export async function readFormWithFiles(
  request: Request,
  api: ApiClient,
  fields: Record<string, UploadPurpose>,
  opts: {
    multiple?: readonly string[];
    api?: "upload" | "upload/public";
    /**
     * file inputs read as text here, not uploaded (a CSV to import): the field gets the text and `<field>Name` the file's
     * name; a file over `bytes` leaves the field out and puts `tooLarge` in `fileErrors[field]`
     */
    texts?: Record<string, { bytes: number; tooLarge: string }>;
  } = {},
): Promise<FormWithFiles> {
  const fileErrors: Record<string, string> = {};
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return {
      formData: await request.formData(),
      fileErrors,
      uploaded: {},
      types: {},
      fileNames: {},
    };
  }
  const texts = new Map<string, string>();
  const byInput = new Map(Object.entries(fields).map(([field, purpose]) => [fileInputName(field), { field, purpose }]));
  // a field in `opts.multiple` (a `multiple` file input, e.g. the portfolio) gets every stored location appended
  const uploaded = new Map<string, string[]>();
  // each stored location's sniffed content type (a product's media go to images or videos by it)
  const types: Record<string, string> = {};
  const fileNames: Record<string, string> = {};
  const fileHandler = async (part: UploadHandlerPart) => {
    if (part.filename === undefined) return undefined;
    const asText = opts.texts && Object.hasOwn(opts.texts, part.name) ? opts.texts[part.name] : undefined;
    if (asText && part.filename) {
      const text = await partText(part, asText.bytes);
      if (text === null) fileErrors[part.name] = asText.tooLarge;
      else {
        texts.set(part.name, text);
        texts.set(`${part.name}Name`, part.filename);
      }
      return "";
    }
    const target = byInput.get(part.name);
    // an empty file input, or one this form does not expect
    if (!part.filename || !target) {
      await drainPart(part);
      return "";
    }
    const result = await sendToApi(request, api, part, target.purpose, opts.api === "upload/public");
    if (result.success) {
      uploaded.set(target.field, [...(uploaded.get(target.field) ?? []), result.data.location]);
      types[result.data.location] = result.data.contentType;
      fileNames[result.data.location] = part.filename;
    } else fileErrors[target.field] ??= result.message;
    return "";
  };
  let formData: FormData;
  try {
    formData = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(fileHandler, unstable_createMemoryUploadHandler({ maxPartSize: MAX_TEXT_FIELD })),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw json({ message: MSG.somethingWrong }, { status: 413 });
    // a body that is not the multipart form it claims to be
    throw json({ message: MSG.bodyNotForm }, { status: 400 });
  }
  for (const input of byInput.keys()) formData.delete(input);
  for (const [name, text] of texts) formData.set(name, text);
  for (const [field, locations] of uploaded) {
    if (opts.multiple?.includes(field)) for (const location of locations) formData.append(field, location);
    else formData.set(field, locations[locations.length - 1]);
  }
  return {
    formData,
    fileErrors,
    uploaded: Object.fromEntries([...uploaded].map(([field, locations]) => [field, locations[locations.length - 1]])),
    types,
    fileNames,
  };
}
