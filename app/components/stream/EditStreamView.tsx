import type { ComponentProps } from "react";
import { Box, Button, Callout, Card, Heading } from "@radix-ui/themes";
import { MSG } from "#contract/core/messages";
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import type { StreamDetail } from "#contract/streams/streams-api";
import { Link } from "~/components/remix";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { StreamForm, type StreamFormKind, type StreamFormValue } from "~/components/stream/StreamForm";
import { PromotedProducts } from "~/components/stream/PromotedProducts";

/**
 * spec 3 §2 Edit Stream, on the shop's page and on a campaign's: the title, the stream's form (none for a finished
 * stream, or for staff who may only promote), the Promoted Products card (ADR 0039), and Back where the form and its
 * own Back are not shown.
 */
export function EditStreamView({
  kind,
  stream,
  options,
  value,
  back,
  finished,
  saved,
  lastResult,
  card,
  promoteAnswer,
}: {
  kind: StreamFormKind;
  stream: Pick<StreamDetail, "_id" | "products">;
  options: StreamFormOptions | null;
  value: StreamFormValue | null;
  back: string;
  finished: boolean;
  saved: ComponentProps<typeof SavedThenReturn>["saved"] | null | undefined;
  lastResult: ComponentProps<typeof StreamForm>["lastResult"];
  card: ComponentProps<typeof PromotedProducts>["card"];
  promoteAnswer: ComponentProps<typeof PromotedProducts>["answer"];
}) {
  const form = !finished && options && value ? { options, value } : null;
  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Heading as="h1" size="6" mb="4">
        Edit Stream
      </Heading>
      {finished ? (
        <Callout.Root color="orange" mb="4" role="alert">
          <Callout.Text>{MSG.streamFinishedNoEdit}</Callout.Text>
        </Callout.Root>
      ) : null}
      {form ? (
        <Card size="3" style={{ maxWidth: 760 }}>
          <StreamForm
            kind={kind}
            mode="edit"
            options={form.options}
            defaultValue={form.value}
            lastResult={lastResult}
            record={stream._id}
            backHref={back}
            saved={!!saved}
          />
        </Card>
      ) : null}
      <PromotedProducts products={stream.products} card={card} answer={promoteAnswer} />
      {form ? null : (
        <Box mt="4">
          <Button asChild variant="soft" color="gray">
            <Link to={back}>Back</Link>
          </Button>
        </Box>
      )}
    </Box>
  );
}
