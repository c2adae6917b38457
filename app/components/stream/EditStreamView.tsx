import type { ComponentProps } from "react";
import { Box, Button, Callout, Card, Heading } from "@radix-ui/themes";
import { MSG } from "#contract/core/messages";
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import type { StreamDetail } from "#contract/streams/streams-api";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/remix";
import { answerOf, type SavedNotice } from "~/components/form/form-answer";
import type { PromoteActionError, PromotedCard } from "~/services/stream-promote.server";
import type { StreamFormReply } from "~/services/stream-form.server";
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

/** What an Edit Stream page's loader answers (the shop's page and the campaign's). */
export interface EditStreamData {
  stream: StreamDetail;
  options: StreamFormOptions | null;
  back: string;
  value: StreamFormValue | null;
  finished: boolean;
  card: PromotedCard;
}

/** An Edit Stream page's body: its loader's data and its action's answer (the form's or the card's), shown. */
export function EditStreamPage({ kind }: { kind: StreamFormKind }) {
  const data = useLoaderData<EditStreamData>();
  const { saved, reply } = answerOf(
    useActionData<StreamFormReply | PromoteActionError | { saved: SavedNotice }>() ?? null,
  );
  return (
    <EditStreamView
      {...data}
      kind={kind}
      saved={saved}
      lastResult={reply && "result" in reply ? reply.result : undefined}
      promoteAnswer={reply && "promoteError" in reply ? reply : undefined}
    />
  );
}
