import type { ComponentProps, ReactNode } from "react";
import { Box, Card, Heading } from "@radix-ui/themes";
import type { StreamFormOptions } from "#contract/streams/streams-edit-api";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import type { SavedNotice } from "~/components/form/form-answer";
import { StreamForm, type StreamFormKind, type StreamFormValue } from "~/components/stream/StreamForm";
import { StagedProducts } from "~/components/stream/PromotedProducts";
import type { StagedCard } from "~/services/stream-promote.server";

/**
 * spec 3 §2 Add Stream, on the shop's page and on a campaign's: the title, the stream's form and the Promoted Products
 * card of the products the new stream will promote (ADR 0070). `refusal` replaces the form (a campaign that cannot have
 * streams).
 */
export function AddStreamView({
  kind,
  options,
  value,
  back,
  saved,
  lastResult,
  card,
  refusal,
}: {
  kind: StreamFormKind;
  options: StreamFormOptions | null;
  value: StreamFormValue;
  back: string;
  saved: SavedNotice | null;
  lastResult: ComponentProps<typeof StreamForm>["lastResult"];
  card: StagedCard | null;
  refusal?: ReactNode;
}) {
  return (
    <Box>
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Heading as="h1" size="6" mb="4">
        Add Stream
      </Heading>
      {refusal || !options ? (
        refusal
      ) : (
        <>
          <Card size="3" style={{ maxWidth: 760 }}>
            <StreamForm
              kind={kind}
              mode="add"
              options={options}
              defaultValue={value}
              lastResult={lastResult}
              backHref={back}
              saved={!!saved}
              products={card?.chosen.map((p) => p._id)}
            />
          </Card>
          {card ? <StagedProducts card={card} /> : null}
        </>
      )}
    </Box>
  );
}
