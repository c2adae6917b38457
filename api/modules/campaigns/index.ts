// The campaigns module's only public face (ARCHITECTURE §2): its routes.
export { campaignRoutes } from "./routes";
export { influencerCampaignRoutes } from "./influencer-routes";
export { inviteCandidates } from "./service";
