import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { MSG } from "#contract/core/messages";
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import {
  campaignFieldOf,
  campaignStreamFormSchema,
  modalFieldOf,
  modalStreamFormSchema,
  pageFieldOf,
  pageStreamFormSchema,
  streamSaveFailure,
} from "#contract/streams/streams-edit-form";
import type { ApiClient } from "~/services/api.server";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { savedThenReturn, type Saved } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";

// The stream add and edit forms' server side (spec 3 §5; ADR 0037): the page's and the modal's readings
// share it. Without JavaScript the thumbnail and video come with the form and go through the one upload path.

/** Which reading of spec 3 §5 a form is: the page (Add Stream / Edit Stream), the shop page's modal, or a campaign's page. */
export type StreamFormKind = "page" | "modal" | "campaign";

/** spec 3 §9: after saving a stream, back to the list 1.5 s later. */
export const STREAM_SAVED_DELAY_MS = 1500;

const PURPOSES = {
  page: { image: "streamThumbnail", video: "streamVideo" },
  modal: { image: "streamModalThumbnail", video: "streamModalVideo" },
  campaign: { image: "streamThumbnail", video: "streamVideo" },
} as const;

const READINGS = {
  page: { schema: pageStreamFormSchema, fieldOf: pageFieldOf },
  modal: { schema: modalStreamFormSchema, fieldOf: modalFieldOf },
  campaign: { schema: campaignStreamFormSchema, fieldOf: campaignFieldOf },
} as const;

/** A refused save: the form stays as the user left it beside the errors (useFormKit keeps its key while this shows). */
export interface StreamFormReply {
  result: SubmissionResult<string[]>;
}

/**
 * The form's choices for a shop (its departments, owner and staff, influencers), or null when the API refuses. For a
 * campaign's stream: the campaign's window and its accepted influencers.
 */
export async function loadStreamFormOptions(
  api: ApiClient,
  shopId?: string | null,
  campaignId?: string,
): Promise<StreamFormOptions | null> {
  const query = { ...(shopId ? { shopId } : {}), ...(campaignId ? { campaignId } : {}) };
  const result = await api.get("live-stream/form-options", Object.keys(query).length ? query : undefined);
  return result.success ? result.data : null;
}

const reply = (api: ApiClient, result: SubmissionResult<string[]>, status: number) =>
  formRefused(result, status, api.headers);

/**
 * Saves a stream from a posted form: create (no `streamId`) or update. Refusals come back on the form's fields, with the
 * page's or the modal's messages; a server failure (5xx, unreadable) falls back to 'Internal Server Error' (spec 3 §8).
 * On success the server's message shows and the page returns to `back` after 1.5 s.
 */
export async function saveStreamForm(
  request: Request,
  api: ApiClient,
  opts: { kind: StreamFormKind; streamId?: string; shopId?: string | null; campaignId?: string; back: string },
) {
  const { formData, fileErrors } = await readFormWithFiles(request, api, PURPOSES[opts.kind]);
  if (opts.shopId) formData.set("shopId", opts.shopId);
  // the campaign's page names its campaign (the stream's, when editing): the form does not carry it
  if (opts.campaignId) formData.set("campaignId", opts.campaignId);
  const { schema, fieldOf } = READINGS[opts.kind];
  const submission = parseWithZod(formData, { schema });
  const fileFieldErrors = Object.fromEntries(Object.entries(fileErrors).map(([field, message]) => [field, [message]]));
  if (submission.status !== "success" || Object.keys(fileErrors).length)
    return reply(api, submission.reply({ fieldErrors: fileFieldErrors }), 400);
  // a new stream's products (ADR 0070), chosen on the Add Stream page's card; an update leaves them to the card's calls
  const products = formData.getAll("products").filter((id): id is string => typeof id === "string" && id !== "");
  const result = opts.streamId
    ? await api.put(`live-stream/${opts.streamId}`, submission.value)
    : await api.post("live-stream/web", { ...submission.value, products });
  if (!result.success) {
    const refusal = { message: streamSaveFailure(result), errors: result.errors };
    return reply(
      api,
      replyWithApiRefusal(submission, refusal, fieldOf),
      result.httpStatus >= 500 ? 500 : result.httpStatus,
    );
  }
  return savedThenReturn(
    opts.back,
    result.message || (opts.streamId ? MSG.streamUpdated : MSG.streamAdded),
    api.headers,
    STREAM_SAVED_DELAY_MS,
  );
}

export type StreamFormActionData = StreamFormReply | Saved;
