import { useLoaderData, useLocation } from "@remix-run/react";
import { flagEmoji } from "#contract/phone/phone-basics";
import { joinName } from "#contract/people/users";
import { Box, Flex, Heading, Text, buttonProps } from "~/components/plain";
import { Form, Link } from "~/components/remix";
import type { inviteProfileLoader, InviteProfileTab } from "~/services/campaign-invite.server";
import { PageHeader } from "~/components/layout/PageHeader";

const TABS: { id: InviteProfileTab; label: string }[] = [
  { id: "portfolio", label: "Portfolio" },
  { id: "streams", label: "Streams" },
];

/** The social ids the profile shows, each hidden when blank (spec 3 §2). */
const SOCIALS = [
  ["instaProfileId", "Instagram"],
  ["tiktokProfileId", "TikTok"],
  ["fbProfileId", "Facebook"],
  ["youtubeProfileId", "YouTube"],
] as const;

/**
 * spec 3 §2 Influencer profile (invite view): photo, name, country flag, social ids, bio, Invite (a plain POST form)
 * and Back; the Portfolio and Streams tabs are links (the tab is in the URL, keeping any other params, e.g. `view`).
 * The streams play as the spec says: autoplaying, looped, and muted so that browsers let them start.
 */
export function InviteProfile() {
  const {
    influencer: u,
    tab,
    campaign,
    canInvite,
    back,
    streams,
    streamsError,
  } = useLoaderData<typeof inviteProfileLoader>();
  const country = u.country ?? u.countryFlag;
  const socials = SOCIALS.filter(([key]) => u[key]);
  const search = useLocation().search;
  // a tab's link keeps the URL's other params (the View link's `view=false` keeps Invite hidden)
  const tabHref = (id: InviteProfileTab) => {
    const params = new URLSearchParams(search);
    params.set("tab", id);
    return `?${params}`;
  };
  return (
    <Box>
      <PageHeader title="Influencer Profile" subtitle={campaign ? campaign.title : null}>
        <Flex gap="2" align="center">
          {canInvite ? (
            <Form method="post">
              <button type="submit" {...buttonProps()}>
                Invite
              </button>
            </Form>
          ) : null}
          <Link to={back} {...buttonProps({ variant: "soft" })}>
            Back
          </Link>
        </Flex>
      </PageHeader>
      <section className="invite-profile" aria-label="Influencer">
        {u.image ? <img className="invite-profile-photo" src={u.image} alt={u.fName} /> : <span />}
        <Box>
          <Heading as="h2" size="5">
            {joinName(u)}{" "}
            {country && /^[A-Za-z]{2}$/.test(country) ? (
              <span role="img" aria-label={u.countryName ?? country}>
                {flagEmoji(country)}
              </span>
            ) : null}
          </Heading>
          {socials.length ? (
            <dl>
              {socials.map(([key, label]) => (
                <div key={key} style={{ display: "contents" }}>
                  <dt>{label}</dt>
                  <dd>{u[key]}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {u.bio ? (
            <Text as="p" size="2">
              {u.bio}
            </Text>
          ) : null}
        </Box>
      </section>
      <nav aria-label="Profile tabs" className="invite-tabs">
        {TABS.map((t) => (
          <Link
            key={t.id}
            to={tabHref(t.id)}
            aria-current={t.id === tab ? "page" : undefined}
            preventScrollReset
            replace
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === "portfolio" ? (
        u.portfolio.length ? (
          <ul className="invite-gallery" aria-label="Portfolio">
            {u.portfolio.map((src) => (
              <li key={src}>
                <img src={src} alt="" loading="lazy" />
              </li>
            ))}
          </ul>
        ) : (
          <Text as="p" color="gray">
            No portfolio images.
          </Text>
        )
      ) : streamsError ? (
        <Text as="p" color="red">
          {streamsError}
        </Text>
      ) : streams.length ? (
        <ul className="invite-gallery" aria-label="Streams">
          {streams.map((s) => (
            <li key={s._id}>
              {s.video ? (
                <video
                  src={s.video}
                  poster={s.image ?? undefined}
                  autoPlay
                  loop
                  muted
                  playsInline
                  aria-label={s.name}
                />
              ) : s.image ? (
                <img src={s.image} alt={s.name} loading="lazy" />
              ) : null}
              <Text as="p" size="2">
                {s.name}
              </Text>
            </li>
          ))}
        </ul>
      ) : (
        <Text as="p" color="gray">
          {campaign ? "No streams of this influencer in the campaign yet." : "Streams show once the campaign is saved."}
        </Text>
      )}
    </Box>
  );
}
