import { Box, Button, Card, Flex, Heading } from "@radix-ui/themes";
import type { SerializeFrom } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { listHref } from "~/lib/url-state";
import { CAMPAIGN_STREAM_PARAMS, STREAM_VIEWER_PARAMS } from "~/lib/streams";
import type { CampaignStreams } from "~/services/campaign-stream.server";
import { ListView } from "~/components/table/ListView";
import { streamColumns } from "~/components/stream/StreamList";
import { StreamViewer } from "~/components/stream/StreamViewer";

/**
 * The campaign edit page's Streams card (spec 3 §2 Campaign streams table): Name, Stream By, Department, Status, Stream
 * At and actions, sortable by name, streamer and stream time, 5 to 100 a page, its state in the URL under its own
 * params (sSort, sPage…). View opens the stream viewer (?dialog=view&id=) with its live chat and Archive / Unarchive;
 * Edit (not for finished streams) and Add go to the campaign's stream pages.
 */
export function CampaignStreamsCard({
  campaignId,
  data,
  archiveError,
  chatError,
  archived,
}: {
  campaignId: string;
  data: SerializeFrom<CampaignStreams>;
  archiveError?: string;
  /** the viewer's last chat form's refusal */
  chatError?: string | null;
  /** the archive succeeded: the viewer's button waits for the page to return to the list */
  archived: boolean;
}) {
  const location = useLocation();
  const closeHref = listHref(location, Object.fromEntries(STREAM_VIEWER_PARAMS.map((p) => [p, null])), {
    resetPage: false,
  });
  const base = `/app/edit-campaign/${campaignId}`;
  return (
    <>
      <Card asChild size="3" mt="4">
        <section aria-labelledby="campaign-streams-title" data-testid="campaign-streams">
          <Flex justify="between" align="center" mb="3">
            <Heading as="h2" size="4" id="campaign-streams-title">
              Streams
            </Heading>
            {data.canAdd ? (
              <Button asChild>
                <Link to={`${base}/add-stream`}>Add</Link>
              </Button>
            ) : null}
          </Flex>
          <Box>
            <ListView
              label="Campaign streams"
              noun="streams"
              columns={streamColumns({
                editHref: data.canEdit ? (s) => `${base}/edit-stream/${s._id}` : null,
                campaign: true,
              })}
              rows={data.rows}
              rowKey={(s) => s._id}
              defaultSort={{ sort: "createdAt", sortType: "desc" }}
              page={data.page}
              error={data.error}
              empty={{ filtered: false, clear: [] }}
              notice={data.targetError}
              params={CAMPAIGN_STREAM_PARAMS}
            />
          </Box>
        </section>
      </Card>
      {/* outside the card: a card's `contain: paint` would hold the fixed overlay inside it */}
      {data.target ? (
        <StreamViewer
          key={data.target._id}
          stream={data.target}
          room={data.room ?? null}
          closeHref={closeHref}
          canArchive={data.canArchive && !archived}
          error={archiveError}
          chat={data.chat}
          chatError={chatError}
        />
      ) : null}
    </>
  );
}
