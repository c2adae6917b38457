import { Card, Text } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { WEEKDAYS, dayLabel, timingErrorsFrom, type TimingRow } from "#contract/shops/shop-profile";
import { ErrorList } from "~/components/form/Field";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps } from "~/components/form/form-props";
import { TimingsEditor } from "../TimingsEditor";
import { busyWith, CancelEdit, CardTitle } from "./inline";
import type { ShopInfoActionData } from "./types";

/** spec 1 §2 Shop Timing card: the opening hours by day; editing opens the rows editor with its own Submit. */
export function TimingsCard({
  record,
  rows,
  saved,
  canEdit,
  editing,
  answer,
}: {
  record: string;
  rows: TimingRow[];
  saved: TimingRow[];
  canEdit: boolean;
  editing: boolean;
  answer?: ShopInfoActionData;
}) {
  const navigation = useNavigation();
  const { form, key } = useFormKit({ id: "shop-timings-form", record, lastResult: answer?.result });
  const open = canEdit && editing;
  const byDay = WEEKDAYS.map((day) => ({ day, slots: saved.filter((r) => r.day === day) }));
  return (
    <Card size="2">
      <CardTitle title="Shop Timing" field="timings" showEdit={canEdit && !open} />
      {open ? (
        <Form key={key} method="post" preventScrollReset data-testid="timings-form" {...getFormProps(form)}>
          <TimingsEditor
            key={JSON.stringify(rows)}
            name="timings"
            rows={rows}
            errors={timingErrorsFrom(form.allErrors, "timings")}
            confirmingRow={answer?.confirmingRow}
            submit={{ label: "Submit", intent: "timings", loading: busyWith(navigation, "timings") }}
            footer={<CancelEdit />}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
        </Form>
      ) : saved.length ? (
        <table className="shop-hours" data-testid="shop-hours">
          <tbody>
            {byDay.map(({ day, slots }) => (
              <tr key={day}>
                <th scope="row">{dayLabel(day)}</th>
                <td>
                  {slots.length ? (
                    slots.map((s) => `${s.start} – ${s.end}`).join(", ")
                  ) : (
                    <Text color="gray">Closed</Text>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Text as="p" size="2" color="gray" data-testid="shop-hours">
          Opening hours have not been set for this shop.
        </Text>
      )}
    </Card>
  );
}
