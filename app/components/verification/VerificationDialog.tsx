import { Text } from "@radix-ui/themes";
import { useId, type ReactNode } from "react";
import { VERIFICATION_STATUSES, allowedNextStatuses, type VerificationStatus } from "#contract/phone/verification";
import { DialogForm } from "~/components/layout/ConfirmDialog";
import type { BulkAction } from "~/components/table/BulkActions";
import { StatusTag } from "./StatusTag";

/** The intent the dialog posts; the page's action tells this form from its others by it. */
export const STATUS_INTENT = "status";

/**
 * spec 1 §4 Influencer and shop verification: a dialog opened by the URL (e.g. `?confirm=status&id=…`) with the
 * three statuses as radio buttons. The current one is chosen; the ones it cannot change to are disabled
 * (Approved cannot go back to Pending). It posts `intent=status`, `status` and the hidden `fields` (e.g. `id`)
 * to the current URL, so it works without JavaScript; the action answers 'Please Change the Status' (shown here
 * as `error`) when nothing changed. Used by the influencer list and the shop list.
 */
export function VerificationDialog({
  open,
  title = "Change Status",
  description,
  current,
  cancelHref,
  fields,
  error,
  confirmLabel = "Confirm",
}: {
  open: boolean;
  title?: ReactNode;
  /** e.g. whose status this is */
  description?: ReactNode;
  current: VerificationStatus;
  cancelHref: string;
  /** hidden inputs besides intent and status, e.g. `{ id }` */
  fields: Record<string, string>;
  /** the action's refusal ('Please Change the Status', or the API's message) */
  error?: string | null;
  confirmLabel?: string;
}) {
  const errorId = useId();
  return (
    <DialogForm
      open={open}
      title={title}
      description={description}
      cancelHref={cancelHref}
      fields={{ intent: STATUS_INTENT, ...fields }}
      confirmLabel={confirmLabel}
      testId="verification-dialog"
    >
      <StatusChoices current={current} errorId={error ? errorId : undefined} />
      {error ? (
        <Text as="p" size="2" color="red" role="alert" id={errorId} mt="3">
          {error}
        </Text>
      ) : null}
    </DialogForm>
  );
}

/**
 * The three statuses as radio buttons (spec 1 §4). With `current`, it is chosen and the ones it cannot change to are
 * disabled; without (a bulk change of rows in different statuses, ADR 0074) every status may be chosen and one must be.
 */
export function StatusChoices({ current, errorId }: { current?: VerificationStatus; errorId?: string }) {
  const allowed = current ? allowedNextStatuses(current) : VERIFICATION_STATUSES;
  return (
    <fieldset
      style={{ border: 0, margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: 10 }}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
    >
      <legend style={{ padding: 0, marginBottom: 8, fontSize: "var(--font-size-2)", fontWeight: 500 }}>
        Verification status
      </legend>
      {VERIFICATION_STATUSES.map((status) => {
        const disabled = status !== current && !allowed.includes(status);
        return (
          <label
            key={status}
            style={{
              display: "inline-flex",
              alignItems: "center",
              gap: 8,
              cursor: disabled ? "not-allowed" : "pointer",
              opacity: disabled ? 0.55 : 1,
            }}
          >
            <input
              type="radio"
              name="status"
              value={status}
              defaultChecked={status === current}
              disabled={disabled}
              required={!current}
              style={{ width: 16, height: 16, margin: 0, accentColor: "var(--accent-9)" }}
            />
            <StatusTag status={status} size="2" />
            {status === current ? (
              <Text size="1" color="gray">
                (current)
              </Text>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * A list's bulk verification (ADR 0074): 'Change status', then 'Change the status of 2 shops?' with the three statuses;
 * `note` adds what follows for these rows.
 */
export const bulkStatusAction = (note?: ReactNode): BulkAction => ({
  name: STATUS_INTENT,
  label: "Change status",
  confirm: (rows) => `Change the status of ${rows}?`,
  confirmLabel: "Change status",
  note: <>Each keeps its status if it cannot change to the one chosen (Approved cannot go back to Pending). {note}</>,
  fields: <StatusChoices />,
});
