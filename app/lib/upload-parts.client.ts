import { UI_MSG } from "#contract/core/messages-ui";
import { UPLOAD_PART_BYTES } from "#contract/uploads/uploads";
import { ApiCallError, callApi } from "~/lib/api.client";
import { putWithProgress, type PartsSender } from "~/lib/upload.client";

/** A refusal of a part (a 4xx answer) is final: another try would be refused the same way. */
const isFinal = (error: unknown) =>
  typeof error === "object" && error !== null && "final" in error && error.final === true;

// Stream videos in parts (ADR 0037), loaded only by the forms that upload them: they pass `sendInParts` to the upload
// (`inParts`), so the pages that upload only pictures stay light.

const PARALLEL_PARTS = 3;
const PART_TRIES = 4;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A large file in parts (ADR 0037): each part is signed and PUT on its own, a part that fails is sent again (after
 * asking which parts arrived), and completing reports the parts still missing, which are then sent once more. So a
 * slow or dropping link costs a part, never the whole video.
 */
export const sendInParts: PartsSender = async (file, purpose, opts) => {
  const started = await callApi("POST", "upload/multipart/start", {
    body: { fileName: file.name, contentType: file.type, size: file.size, purpose },
  });
  const { key } = started;
  const loaded = new Map<number, number>();
  const report = () =>
    opts.onProgress?.(Math.min(100, Math.round(([...loaded.values()].reduce((a, b) => a + b, 0) / file.size) * 100)));
  const etags = new Map<number, string>();
  const arrived = async () => {
    for (const part of await callApi("POST", "upload/multipart/status", { body: { key } })) {
      etags.set(part.partNumber, part.etag);
      loaded.set(part.partNumber, part.size);
    }
    report();
  };
  const sendPart = async (partNumber: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const [signed] = await callApi("POST", "upload/multipart/parts", { body: { key, partNumbers: [partNumber] } });
        const start = (partNumber - 1) * UPLOAD_PART_BYTES;
        const { etag } = await putWithProgress(
          { method: "PUT", uploadUrl: signed.url, headers: {} },
          file.slice(start, start + UPLOAD_PART_BYTES),
          file.name,
          (bytes) => {
            loaded.set(partNumber, bytes);
            report();
          },
          opts.signal,
        );
        if (!etag) throw new ApiCallError(UI_MSG.fileUploadFailed(file.name));
        etags.set(partNumber, etag);
        return;
      } catch (error) {
        if (isFinal(error) || attempt >= PART_TRIES || opts.signal?.aborted) throw error;
        loaded.set(partNumber, 0);
        await pause(500 * 2 ** attempt);
        // the part may have arrived and only its answer was lost
        await arrived();
        if (etags.has(partNumber)) return;
      }
    }
  };
  const sendMissing = async () => {
    const queue = Array.from({ length: started.partCount }, (_, i) => i + 1).filter((n) => !etags.has(n));
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendPart(next);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, queue.length) }, worker));
  };
  const complete = () =>
    callApi("POST", "upload/multipart/complete", {
      body: { key, parts: [...etags].map(([partNumber, etag]) => ({ partNumber, etag })) },
    });
  await sendMissing();
  try {
    return await complete();
  } catch (error) {
    // a part the store does not hold after all: ask which arrived, send the rest, complete once more
    if (!(error instanceof ApiCallError) || !error.errors?.parts) throw error;
    etags.clear();
    loaded.clear();
    await arrived();
    await sendMissing();
    return complete();
  }
};
