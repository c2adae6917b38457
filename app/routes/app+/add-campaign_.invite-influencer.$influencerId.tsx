import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { inviteProfileLoader } from "~/services/campaign-invite.server";
import { InviteProfile } from "~/components/campaign/InviteProfile";
import { GeneralError } from "~/components/layout/GeneralError";
import inviteCss from "~/styles/campaign-invite.css?url";

// spec 3 §2 Influencer profile (invite view) without a campaign: {app}/add-campaign/invite-influencer/{influencerId}.
// Admins, owners and staff with campaign add. There is no campaign to invite to yet (an invitation belongs to a saved,
// published campaign), so the page has no Invite button and no action (ADR 0061); Back returns to Add New Campaign.
export const handle = { ...CAMPAIGN_PAGE, title: "Influencer Profile" };
export const meta: MetaFunction = () => [{ title: "Influencer Profile" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: inviteCss }];

export const loader = inviteProfileLoader;

export default function NewCampaignInviteProfile() {
  return <InviteProfile />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
