import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createCategorySchema } from "#contract/catalogue/categories-api";
import type { ApiClient } from "./api.server";
import { redirectWithToast } from "./toast.server";
import { replyWithApiRefusal } from "./forms.server";
import { readFormWithFiles } from "./upload.server";

/** What a category form answers when it is refused: the section it belongs to and conform's reply. */
export interface CategoryFormReply {
  intent: string;
  result: SubmissionResult<string[]>;
}

/** A category page's post, read once: with JavaScript urlencoded, without it multipart with the picture. */
export const readCategoryForm = (request: Request, api: ApiClient) =>
  readFormWithFiles(request, api, { image: "catalogueImage" });
export type CategoryForm = Awaited<ReturnType<typeof readCategoryForm>>;

/**
 * The "add" form of the category pages (a department on /app/category, a child on its parent's page): the name
 * and an optional picture, which without JavaScript is posted with the form. Success goes to `back` with the API's
 * message; a refusal answers the form's errors (spec 2 §5 messages come from the API's rules).
 */
export async function addCategory(
  api: ApiClient,
  { formData, fileErrors }: CategoryForm,
  opts: { parent: string | null; back: string },
) {
  // the parent comes from the page, never from the form
  formData.delete("parent");
  if (opts.parent) formData.set("parent", opts.parent);
  const submission = parseWithZod(formData, { schema: createCategorySchema });
  if (submission.status !== "success")
    return json<CategoryFormReply>(
      { intent: "add", result: submission.reply() },
      { status: 400, headers: api.headers },
    );
  if (fileErrors.image) {
    return json<CategoryFormReply>(
      { intent: "add", result: submission.reply({ fieldErrors: { image: [fileErrors.image] } }) },
      { status: 400, headers: api.headers },
    );
  }
  const result = await api.post("category", submission.value);
  if (!result.success)
    return json<CategoryFormReply>(
      { intent: "add", result: replyWithApiRefusal(submission, result, ["name", "image"]) },
      { status: result.httpStatus, headers: api.headers },
    );
  return redirectWithToast(opts.back, { type: "success", message: result.message }, api.headers);
}
