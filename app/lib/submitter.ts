/** The button (or submit input) that sent a form, when the browser names it (a submit event's `submitter`). */
export function submitterOf(event: Event): HTMLButtonElement | HTMLInputElement | null {
  const submitter = "submitter" in event ? event.submitter : null;
  return submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
}
