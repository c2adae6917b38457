import { Button, Flex, Heading, IconButton, Text } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import {
  BLANK_TIMING_ROW,
  TIME_OPTIONS,
  WEEKDAYS,
  dayLabel,
  timingIntents,
  type TimingErrors,
  type TimingRow,
} from "#contract/shops/shop-profile";
import { UI_MSG } from "#contract/core/messages-ui";
import { ErrorList } from "~/components/form/Field";

let nextKey = 0;
const keyed = (rows: TimingRow[]) => (rows.length ? rows : [BLANK_TIMING_ROW]).map((r) => ({ ...r, key: ++nextKey }));

/**
 * spec 1 §3 Shop timings, §5 Shop profile edits: rows of day, start and end (12-hour text), several a day.
 * Fields are `${name}[i].day|start|end` (conform's naming). With JavaScript "Add row" adds a row in place and a row is
 * removed after confirmation, only while more than one exists. Without JavaScript both buttons post the form with an
 * intent (`${name}-add-row`, `${name}-remove-row:{i}`): the action answers with the rows changed, or for a removal
 * with the rows as they were and `confirmingRow`, and the confirmation's buttons post again (see `applyTimingIntent`).
 * Nothing is saved until the Submit button. Blank rows are ignored by the schema.
 *
 * Needs app/styles/timings.css and table.css (native-select, confirm-dialog) linked by the page.
 * Give it a `key` that changes when the saved rows change, so it starts again from them.
 */
export function TimingsEditor({
  name = "timings",
  rows: initialRows,
  errors,
  confirmingRow = null,
  submit,
  footer,
}: {
  name?: string;
  rows: TimingRow[];
  errors?: TimingErrors;
  /** without JavaScript: the row the server asks to confirm removing */
  confirmingRow?: number | null;
  /** the editor's own Submit: posts `intent` with this value (spec 1 §5 Add shop: "the timings Submit") */
  submit?: { label: string; intent: string; loading?: boolean; disabled?: boolean } | null;
  footer?: ReactNode;
}) {
  const [rows, setRows] = useState(() => keyed(initialRows));
  const [hydrated, setHydrated] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(confirmingRow);
  const id = useId();
  const intents = timingIntents(name);
  useEffect(() => setHydrated(true), []);

  const update = (index: number, field: keyof TimingRow, value: string) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  const add = () => setRows((current) => [...current, ...keyed([BLANK_TIMING_ROW])]);
  const remove = (index: number) => {
    setRows((current) => (current.length > 1 ? current.filter((_, i) => i !== index) : current));
    setConfirming(null);
  };
  // the rows shift when one goes: errors are for the rows as submitted, so they stay with the row objects' positions
  const rowErrors = (i: number) => errors?.rows?.[i];

  return (
    <div className="timings-editor" data-testid={`${name}-editor`}>
      <div className="timings-grid" role="group" aria-label="Opening hours">
        <Text size="1" weight="medium" color="gray" className="timings-head">
          Day
        </Text>
        <Text size="1" weight="medium" color="gray" className="timings-head">
          Start
        </Text>
        <Text size="1" weight="medium" color="gray" className="timings-head">
          End
        </Text>
        <span className="timings-head" />
        {rows.map((row, i) => {
          const e = rowErrors(i);
          const field = (f: keyof TimingRow) => `${name}[${i}].${f}`;
          const fieldId = (f: keyof TimingRow) => `${id}-${i}-${f}`;
          return (
            <div key={row.key} className="timings-row" data-testid="timing-row">
              <div>
                <label htmlFor={fieldId("day")} className="visually-hidden">{`Day of row ${i + 1}`}</label>
                <select
                  id={fieldId("day")}
                  name={field("day")}
                  className="native-select"
                  value={row.day}
                  onChange={(ev) => update(i, "day", ev.target.value)}
                  aria-invalid={e?.day?.length ? true : undefined}
                >
                  <option value="">Select day</option>
                  {WEEKDAYS.map((d) => (
                    <option key={d} value={d}>
                      {dayLabel(d)}
                    </option>
                  ))}
                </select>
                <ErrorList errors={e?.day} />
              </div>
              {(["start", "end"] as const).map((f) => (
                <div key={f}>
                  <label
                    htmlFor={fieldId(f)}
                    className="visually-hidden"
                  >{`${f === "start" ? "Start" : "End"} of row ${i + 1}`}</label>
                  <select
                    id={fieldId(f)}
                    name={field(f)}
                    className="native-select"
                    value={row[f]}
                    onChange={(ev) => update(i, f, ev.target.value)}
                    aria-invalid={e?.[f]?.length ? true : undefined}
                  >
                    <option value="">{f === "start" ? "Start time" : "End time"}</option>
                    {/* a stored time that is not on the 15-minute grid stays selectable */}
                    {row[f] && !TIME_OPTIONS.includes(row[f]) ? <option value={row[f]}>{row[f]}</option> : null}
                    {TIME_OPTIONS.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </select>
                  <ErrorList errors={e?.[f]} />
                </div>
              ))}
              <div>
                {rows.length > 1 ? (
                  hydrated ? (
                    <IconButton
                      type="button"
                      variant="soft"
                      color="red"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => setConfirming(i)}
                    >
                      ✕
                    </IconButton>
                  ) : (
                    <IconButton
                      type="submit"
                      name="intent"
                      value={`${intents.removePrefix}${i}`}
                      formNoValidate
                      variant="soft"
                      color="red"
                      aria-label={`Remove row ${i + 1}`}
                    >
                      ✕
                    </IconButton>
                  )
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <ErrorList errors={errors?.form} />
      <Flex gap="3" mt="3" wrap="wrap" align="center">
        {hydrated ? (
          <Button type="button" variant="soft" onClick={add}>
            + Add row
          </Button>
        ) : (
          <Button type="submit" name="intent" value={intents.add} formNoValidate variant="soft">
            + Add row
          </Button>
        )}
        {submit ? (
          <Button type="submit" name="intent" value={submit.intent} loading={submit.loading} disabled={submit.disabled}>
            {submit.label}
          </Button>
        ) : null}
        {footer}
      </Flex>
      {confirming !== null ? (
        <RemoveRowDialog
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove(confirming)}
          // before scripts run, its buttons post: Cancel keeps the rows, Remove removes this one
          posts={hydrated ? null : { keep: intents.keep, remove: `${intents.confirmPrefix}${confirming}` }}
        />
      ) : null}
    </div>
  );
}

/** The confirmation before a row goes (spec 1 §5: a row is removed after confirmation); without JavaScript it posts. */
function RemoveRowDialog({
  onCancel,
  onConfirm,
  posts,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  posts: { keep: string; remove: string } | null;
}) {
  const titleId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onCancel();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onCancel]);
  return (
    <div className="dialog-layer">
      <div className="overlay-backdrop" aria-hidden="true" onClick={onCancel} />
      <div role="alertdialog" aria-modal="true" aria-labelledby={titleId} className="confirm-dialog">
        <Heading as="h2" size="4" id={titleId} mb="2">
          {UI_MSG.removeTimingConfirm}
        </Heading>
        <Flex gap="3" justify="end" mt="4">
          {posts ? (
            <>
              <Button type="submit" name="intent" value={posts.keep} formNoValidate variant="soft" color="gray">
                Cancel
              </Button>
              <Button type="submit" name="intent" value={posts.remove} formNoValidate color="red">
                Remove
              </Button>
            </>
          ) : (
            <>
              <Button ref={cancel} type="button" variant="soft" color="gray" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="button" color="red" onClick={onConfirm}>
                Remove
              </Button>
            </>
          )}
        </Flex>
      </div>
    </div>
  );
}
