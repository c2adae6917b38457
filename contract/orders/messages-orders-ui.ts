/**
 * The texts the order pages show by themselves (the line status dialog's checks). Apart from UI_MSG so that only the
 * order pages ship them (ADR 0021); MSG includes them too.
 */
export const ORDER_UI_MSG = {
  // spec 2 §5 Orders and refunds
  refundReasonRequired: "Please Enter Reason For Refund",
  // ours: the line status dialog
  lineStatusRequired: "Please choose Found, On Hold or Refunded",
  noNotes: "No notes are available.",
} as const;
