import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { CAMPAIGN_PAGE } from "~/lib/campaigns";
import { inviteProfileAction, inviteProfileLoader } from "~/services/campaign-invite.server";
import { InviteProfile } from "~/components/campaign/InviteProfile";
import { GeneralError } from "~/components/layout/GeneralError";
import inviteCss from "~/styles/campaign-invite.css?url";

// spec 3 §2 Influencer profile (invite view) of a campaign: {app}/edit-campaign/{id}/invite-influencer/{influencerId}.
// Admins, the campaign's shop owner and staff with campaign edit; Invite is a plain POST (hidden on a draft and when
// the URL carries a query string, e.g. the Influencers card's `?view=false`).
export const handle = { ...CAMPAIGN_PAGE, title: "Influencer Profile" };
export const meta: MetaFunction = () => [{ title: "Influencer Profile" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: inviteCss }];

export const loader = inviteProfileLoader;
export const action = inviteProfileAction;

export default function CampaignInviteProfile() {
  return <InviteProfile />;
}

export function ErrorBoundary() {
  return <GeneralError />;
}
