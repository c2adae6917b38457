import { Button } from "@radix-ui/themes";
import { Form } from "~/components/remix";

/**
 * A small red Remove button in a form of its own, for one item of a list (a note, a card, a product): it posts `intent`
 * and the item's `fields` as hidden inputs (an undefined one is left out), so it works without JavaScript. `name` is what
 * a screen reader hears ('Remove the card ending 4242'). It keeps the page's scroll position unless `keepScroll` is false.
 */
export function RemoveForm({
  intent,
  fields,
  name,
  action,
  disabled,
  keepScroll = true,
}: {
  intent: string;
  fields: Record<string, string | null | undefined>;
  name: string;
  action?: string;
  disabled?: boolean;
  keepScroll?: boolean;
}) {
  return (
    <Form method="post" action={action} preventScrollReset={keepScroll}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([field, value]) =>
        value == null ? null : <input key={field} type="hidden" name={field} value={value} />,
      )}
      <Button type="submit" size="1" variant="soft" color="red" disabled={disabled} aria-label={name}>
        Remove
      </Button>
    </Form>
  );
}
