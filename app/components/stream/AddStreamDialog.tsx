import { useLocation } from "@remix-run/react";
import { lazy } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import { IslandDialog } from "~/components/layout/IslandDialog";

/**
 * The form: a lazy island, loaded when the modal opens, so the stream lists (the shop's, the campaign's) ship without
 * it and its checks. The server renders it whole, so before its script arrives it is a plain form that posts.
 */
const StreamForm = lazy(() => import("./StreamForm").then((m) => ({ default: m.StreamForm })));

/**
 * The shop page's Add Stream modal (spec 3 §2, §5; width 700): the modal's reading of the form (mp4 up to 150 MB, a
 * png/jpg/jpeg/bmp/tiff thumbnail, a date range with start and end times). It posts to its own URL; on success the list's
 * toast shows and the list comes back.
 */
export function AddStreamDialog({
  options,
  closeHref,
  saved,
  lastResult,
}: {
  options: StreamFormOptions;
  closeHref: string;
  saved: boolean;
  /** the refused save's reply, from the page's action data */
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const location = useLocation();
  return (
    <IslandDialog
      title="Add Stream"
      large
      closeHref={closeHref}
      className="stream-form-modal"
      testId="add-stream-dialog"
    >
      <StreamForm
        kind="modal"
        mode="add"
        options={options}
        defaultValue={{ staff: options.staff[0]?._id ?? "" }}
        lastResult={lastResult}
        backHref={closeHref}
        action={`${location.pathname}${location.search}`}
        saved={saved}
      />
    </IslandDialog>
  );
}
