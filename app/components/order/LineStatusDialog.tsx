import { Text } from "@radix-ui/themes";
import { useActionData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { LINE_DIALOG_STATUSES, type OrderDetail } from "#contract/order-views";
import { listHref } from "~/lib/url-state";
import { DialogForm } from "~/components/layout/ConfirmDialog";

type Line = OrderDetail["data"]["products"][number];
type Place = Parameters<typeof listHref>[0];

/** The address of the line status dialog over the order detail (a page of its own without JavaScript). */
export const lineDialogHref = (place: Place, lineId: string) => listHref(place, { dialog: "line-status", line: lineId });
const closeHref = (place: Place) => listHref(place, { dialog: null, line: null });

/** What the detail's action answers when it refuses a change: the message, and the field it belongs to. */
export interface LineActionError {
  error: string;
  field?: "shopStatus" | "reason";
}

/**
 * spec 2 §4: the status dialog offers Found, On Hold or Refunded; Refunded needs a reason ('Please Enter Reason For
 * Refund'). Opened by the URL (`?dialog=line-status&line=<id>`); a refunded line never opens it.
 */
export function LineStatusDialog({ lines }: { lines: Line[] }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const action = useActionData<LineActionError>();
  const wanted = params.get("dialog") === "line-status" ? lines.find((l) => l._id === params.get("line")) : undefined;
  // a refunded line never opens it, but the refusal of a change made while it was open stays shown, whatever the page
  // reloaded meanwhile (a colleague's refund is why the change was refused)
  const line = wanted && (!wanted.isrefunded || action) ? wanted : undefined;
  const [chosen, setChosen] = useState<string | null>(null);
  if (!line) return null;
  const current = chosen ?? (LINE_DIALOG_STATUSES.includes(line.shopStatus as (typeof LINE_DIALOG_STATUSES)[number]) ? line.shopStatus : "");
  const reasonId = "line-refund-reason";
  return (
    <DialogForm
      open
      title="Change Status"
      description={`${line.id.name}${line.variantName ? ` (${line.variantName})` : ""}: now ${line.shopStatus}`}
      cancelHref={closeHref(location)}
      fields={{ intent: "line-status", lineId: line._id, productId: line.id._id, shopId: line.shopId }}
      confirmLabel="Save"
      testId="line-status-dialog"
    >
      <fieldset className="status-choices">
        <legend>Status</legend>
        {LINE_DIALOG_STATUSES.map((status) => (
          <label key={status}>
            <input type="radio" name="shopStatus" value={status} defaultChecked={current === status} onChange={() => setChosen(status)} />
            {status}
          </label>
        ))}
      </fieldset>
      {action?.field === "shopStatus" ? (
        <Text as="p" size="2" color="red" role="alert">
          {action.error}
        </Text>
      ) : null}
      <div className="refund-reason">
        <label htmlFor={reasonId}>Reason For Refund {current === "Refunded" ? "(required)" : "(for Refunded)"}</label>
        <textarea id={reasonId} name="reason" rows={3} maxLength={500} aria-invalid={action?.field === "reason" || undefined} aria-describedby={action?.field === "reason" ? `${reasonId}-error` : undefined} />
        {action?.field === "reason" ? (
          <Text as="p" size="2" color="red" id={`${reasonId}-error`} role="alert">
            {action.error}
          </Text>
        ) : null}
      </div>
      {action && !action.field ? (
        <Text as="p" size="2" color="red" role="alert">
          {action.error}
        </Text>
      ) : null}
    </DialogForm>
  );
}
