import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { LINE_DIALOG_STATUSES } from "#contract/orders/order-views";
import type { OrderDetail } from "#contract/orders/order-views-api";
import { lineVariant } from "~/lib/orders";
import { listHref } from "~/lib/url-state";
import { ErrorList, FormError } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps, getTextareaProps } from "~/components/form/form-props";
import { DialogForm } from "~/components/layout/ConfirmDialog";
import { isOneOf } from "~/lib/one-of";

type Line = OrderDetail["data"]["products"][number];
type Place = Parameters<typeof listHref>[0];

/** The address of the line status dialog over the order detail (a page of its own without JavaScript). */
export const lineDialogHref = (place: Place, lineId: string) =>
  listHref(place, { dialog: "line-status", line: lineId });
const closeHref = (place: Place) => listHref(place, { dialog: null, line: null });

/** What the detail's action answers when it refuses a change: the dialog's form reply (spec 2 §8: the server's message). */
export interface LineStatusAnswer {
  intent: "line-status";
  result: SubmissionResult<string[]>;
}

/**
 * spec 2 §4: the status dialog offers Found, On Hold or Refunded; Refunded needs a reason ('Please Enter Reason For
 * Refund'). Opened by the URL (`?dialog=line-status&line=<id>`); a refunded line never opens it. `answer`: the detail
 * page's action data (`useActionData<typeof action>()`), its refusal of a change.
 */
export function LineStatusDialog({ lines, answer }: { lines: Line[]; answer: LineStatusAnswer | undefined }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const wanted = params.get("dialog") === "line-status" ? lines.find((l) => l._id === params.get("line")) : undefined;
  // a refunded line never opens it, but the refusal of a change made while it was open stays shown, whatever the page
  // reloaded meanwhile (a colleague's refund is why the change was refused)
  const line = wanted && (!wanted.isrefunded || answer) ? wanted : undefined;
  if (!line) return null;
  return <LineStatusForm key={line._id} line={line} lastResult={answer?.result} />;
}

function LineStatusForm({ line, lastResult }: { line: Line; lastResult?: SubmissionResult<string[]> }) {
  const location = useLocation();
  const [chosen, setChosen] = useState<string | null>(null);
  const { form, fields, key } = useFormKit({ id: "line-status", record: line._id, lastResult });
  // the status chosen: now, or in the refused post (without JavaScript too), else the line's own when the dialog offers it
  const posted = typeof fields.shopStatus.initialValue === "string" ? fields.shopStatus.initialValue : null;
  const current = chosen ?? posted ?? (isOneOf(LINE_DIALOG_STATUSES, line.shopStatus) ? line.shopStatus : "");
  return (
    <DialogForm
      open
      title="Change Status"
      description={`${line.id.name}${lineVariant(line) ? ` (${lineVariant(line)})` : ""}: now ${line.shopStatus}`}
      cancelHref={closeHref(location)}
      fields={{ intent: "line-status", lineId: line._id, productId: line.id._id, shopId: line.shopId }}
      confirmLabel="Save"
      testId="line-status-dialog"
      form={{ key, props: getFormProps(form) }}
    >
      <fieldset
        className="status-choices"
        aria-invalid={fields.shopStatus.errors ? true : undefined}
        aria-describedby={fields.shopStatus.errors ? fields.shopStatus.errorId : undefined}
      >
        <legend>Status</legend>
        {LINE_DIALOG_STATUSES.map((status) => (
          <label key={status}>
            <input
              type="radio"
              name="shopStatus"
              value={status}
              defaultChecked={current === status}
              onChange={() => setChosen(status)}
            />
            {status}
          </label>
        ))}
      </fieldset>
      <ErrorList id={fields.shopStatus.errorId} errors={fields.shopStatus.errors} />
      <div className="refund-reason">
        <label htmlFor={fields.reason.id}>
          Reason For Refund {current === "Refunded" ? "(required)" : "(for Refunded)"}
        </label>
        <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={500} />
        <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <FormError id={form.errorId} errors={form.errors} />
    </DialogForm>
  );
}
