import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link } from "~/components/remix";
import { TabLinks } from "~/components/campaign/TabLinks";
import type { CampaignInfluencerTab } from "#contract/campaigns/campaigns";
import type { CampaignInfluencerRow } from "#contract/campaigns/campaigns-api";
import { TableHead } from "~/components/layout/TableHead";

const TABS: { id: CampaignInfluencerTab; label: string }[] = [
  { id: "invited", label: "Invited" },
  { id: "requested", label: "Requested" },
  { id: "accepted", label: "Accepted" },
];

/**
 * spec 3 §2 Influencers card (on campaign edit): Invited, Requested and Accepted tabs (the tab is in the URL); each
 * row shows image, first name, email, with Remove (the spec's `block`) and View; Requested rows also Accept. Remove
 * and Accept are plain forms. View opens the invite view with `?view=false` (no Invite there) for Invited and
 * Requested rows, the accepted-influencer page for Accepted ones. The Invite button leads to the invite list; it
 * appears unless the campaign is a draft, and only to those who may edit the campaign.
 */
export function InfluencersCard({
  campaignId,
  isDraft,
  tab,
  rows,
  error,
  canEdit,
}: {
  campaignId: string;
  isDraft: boolean;
  tab: CampaignInfluencerTab;
  rows: CampaignInfluencerRow[];
  error: string | null;
  canEdit: boolean;
}) {
  const base = `/app/edit-campaign/${campaignId}`;
  const viewHref = (influencerId: string) =>
    tab === "accepted"
      ? `${base}/accept-influencer/${influencerId}`
      : `${base}/invite-influencer/${influencerId}?view=false`;
  return (
    <Card size="3" mb="4" data-testid="influencers-card">
      <Flex align="center" justify="between" gap="3" mb="3">
        <Heading as="h2" size="4">
          Influencers
        </Heading>
        {canEdit && !isDraft ? (
          <Button asChild size="2">
            <Link to={`${base}/invite-influencer`}>Invite</Link>
          </Button>
        ) : null}
      </Flex>
      <TabLinks label="Influencer tabs" tabs={TABS} current={tab} hrefOf={(id) => `?tab=${id}`} spacing="below" />
      {error ? <Text color="red">{error}</Text> : null}
      {rows.length === 0 ? (
        <Text as="p" color="gray">
          No influencers here yet.
        </Text>
      ) : (
        <table className="campaign-influencers" aria-label={`${TABS.find((t) => t.id === tab)?.label} influencers`}>
          <TableHead columns={["Image", "First Name", "Email", "Actions"]} />
          <tbody>
            {rows.map((r) => (
              <tr key={r._id}>
                <td>
                  {r.influencer.image ? (
                    <img src={r.influencer.image} alt="" width={36} height={36} loading="lazy" />
                  ) : null}
                </td>
                <td>{r.influencer.fName}</td>
                <td>{r.influencer.email ?? "--"}</td>
                <td>
                  <Flex gap="2" align="center">
                    {canEdit && tab === "requested" ? (
                      <Form method="post" action={`?tab=${tab}`}>
                        <input type="hidden" name="intent" value="accept-invitation" />
                        <input type="hidden" name="influencer" value={r.influencer._id} />
                        <Button type="submit" size="1" aria-label={`Accept ${r.influencer.fName}`}>
                          Accept
                        </Button>
                      </Form>
                    ) : null}
                    {canEdit ? (
                      <Form method="post" action={`?tab=${tab}`}>
                        <input type="hidden" name="intent" value="block" />
                        <input type="hidden" name="influencer" value={r.influencer._id} />
                        <Button
                          type="submit"
                          size="1"
                          color="red"
                          variant="soft"
                          aria-label={`Remove ${r.influencer.fName}`}
                        >
                          Remove
                        </Button>
                      </Form>
                    ) : null}
                    <Button asChild size="1" variant="soft">
                      <Link to={viewHref(r.influencer._id)} aria-label={`View ${r.influencer.fName}`}>
                        View
                      </Link>
                    </Button>
                  </Flex>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
