import { Callout } from "@radix-ui/themes";

/** The note on the console's static sample pages (spec 1 §2: invoice, pricing, faq): placeholder content, no behaviour. */
export function DemoNote({ what }: { what: string }) {
  return (
    <Callout.Root color="gray" size="1" role="note">
      <Callout.Text>
        A sample {what} page: its content is a placeholder and nothing on it is connected to the marketplace.
      </Callout.Text>
    </Callout.Root>
  );
}
