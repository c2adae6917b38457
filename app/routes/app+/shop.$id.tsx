import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Badge, Box, Button, Card, DataList, Flex, Grid, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import type { ShopDetails } from "#api/modules/shops/service";
import { apiFor, pageNotFound } from "~/services/api.server";
import { PersonAvatar } from "~/components/table/PersonCell";
import { GeneralError } from "~/components/layout/GeneralError";
import shopCss from "~/styles/shop.css?url";

// spec 1 §2: admins open any shop; an owner or staff member lands here on their own (ARCHITECTURE §5: staff read-only)
export const handle = { roles: ["admin", "shopOwner", "staff"] as const };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: shopCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.shop.name ?? "Shop" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user } = await apiFor(request, { roles: handle.roles });
  const result = await api.get<ShopDetails>(`shop/getdetails/${encodeURIComponent(params.id ?? "")}`);
  // another shop's id, or one that does not exist: 'Page not found' either way
  if (result.httpStatus === 404) throw pageNotFound();
  if (!result.success) throw json({ message: result.message }, { status: result.httpStatus });
  return json({ shop: result.data, isAdmin: user.role.role === "admin" }, { headers: api.headers });
}

// spec 1 §4: gold Pending, green Approved, red Rejected
const STATUS_COLOR = { Pending: "gold", Approved: "green", Rejected: "red" } as const;
// spec 1 §3: timings are keyed by lowercase weekday, sunday to saturday
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

/** Opening hours in 12-hour text (spec 1 §9): "9:00 AM" stays, "17:30" becomes "5:30 PM". */
function twelveHour(time: string) {
  const m = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?\s*$/.exec(time);
  if (!m) return time;
  const minutes = m[2];
  if (m[3]) return `${Number(m[1])}:${minutes} ${m[3].toUpperCase()}`;
  const hours = Number(m[1]);
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

const imageOrNone = (value: string) => (value && value !== "null" ? value : undefined);
const shopInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

function Person({ fName, lName, image, role }: { fName: string; lName: string; image: string | null; role: string }) {
  return (
    <li className="shop-person">
      <PersonAvatar person={{ fName, lName, image: imageOrNone(image ?? "") }} size={40} />
      <Box>
        <Text as="div" size="2" weight="medium">
          {`${fName} ${lName}`.trim()}
        </Text>
        <Text as="div" size="1" color="gray">
          {role}
        </Text>
      </Box>
    </li>
  );
}

export default function ShopPage() {
  const { shop, isAdmin } = useLoaderData<typeof loader>();
  const cover = imageOrNone(shop.coverImage);
  const logo = imageOrNone(shop.image);
  const website = shop.website.trim();
  const phone = [shop.countryCode, shop.mobile].filter(Boolean).join(" ");
  const days = WEEKDAYS.map((day) => ({ day, slots: (shop.timings[day] ?? []).filter((slot) => slot.status) }));
  const hasHours = days.some((d) => d.slots.length > 0);

  return (
    <Flex direction="column" gap="4" className="shop-page">
      {isAdmin ? (
        <Box>
          <Button asChild variant="ghost" size="2">
            <RemixLink to="/app/shop-list">← Back to shops</RemixLink>
          </Button>
        </Box>
      ) : null}

      <Card size="1" className="shop-hero">
        <div className="shop-cover" data-empty={cover ? undefined : true}>
          {cover ? <img src={cover} alt={`Cover of ${shop.name}`} /> : null}
        </div>
        <Flex className="shop-identity" gap="4" align="end" wrap="wrap">
          {/* server-rendered initials behind the picture: they show without JavaScript and when the picture fails */}
          <span className="shop-avatar" aria-hidden="true">
            {shopInitials(shop.name)}
            {logo ? <img src={logo} alt="" /> : null}
          </span>
          <Box pb="1">
            <Flex align="center" gap="3" wrap="wrap">
              <Heading as="h1" size="6" data-testid="shop-name">
                {shop.name}
              </Heading>
              <Badge size="2" color={STATUS_COLOR[shop.status]} data-testid="shop-status">
                {shop.status}
              </Badge>
            </Flex>
            {shop.location.address ? (
              <Text as="p" size="2" color="gray">
                {shop.location.address}
              </Text>
            ) : null}
          </Box>
        </Flex>
      </Card>

      <Grid columns={{ initial: "1", md: "2" }} gap="4">
        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Shop Info
          </Heading>
          <DataList.Root size="2">
            <DataList.Item>
              <DataList.Label minWidth="96px">Email</DataList.Label>
              <DataList.Value>{shop.email ? <Link href={`mailto:${shop.email}`}>{shop.email}</Link> : <Text color="gray">Not provided</Text>}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Phone</DataList.Label>
              <DataList.Value>{phone || <Text color="gray">Not provided</Text>}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Address</DataList.Label>
              <DataList.Value>{shop.location.address || <Text color="gray">Not provided</Text>}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label minWidth="96px">Website</DataList.Label>
              <DataList.Value>
                {website ? (
                  <Link href={website} target="_blank" rel="noopener noreferrer">
                    {website}
                  </Link>
                ) : (
                  <Text color="gray">Not provided</Text>
                )}
              </DataList.Value>
            </DataList.Item>
            {shop.categories.length ? (
              <DataList.Item>
                <DataList.Label minWidth="96px">Categories</DataList.Label>
                <DataList.Value>
                  <Flex gap="1" wrap="wrap">
                    {shop.categories.map((c) => (
                      <Badge key={c._id} variant="soft" color="gray">
                        {c.name}
                      </Badge>
                    ))}
                  </Flex>
                </DataList.Value>
              </DataList.Item>
            ) : null}
          </DataList.Root>
        </Card>

        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Opening hours
          </Heading>
          {hasHours ? (
            <table className="shop-hours">
              <tbody>
                {days.map(({ day, slots }) => (
                  <tr key={day}>
                    <th scope="row">{day[0]!.toUpperCase() + day.slice(1)}</th>
                    <td>{slots.length ? slots.map((s) => `${twelveHour(s.start)} – ${twelveHour(s.end)}`).join(", ") : <Text color="gray">Closed</Text>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Text as="p" size="2" color="gray">
              Opening hours have not been set for this shop.
            </Text>
          )}
        </Card>

        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Story
          </Heading>
          {shop.story ? (
            <Text as="p" size="2" className="shop-story">
              {shop.story}
            </Text>
          ) : (
            <Text as="p" size="2" color="gray">
              This shop has not told its story yet.
            </Text>
          )}
        </Card>

        <Card size="2">
          <Heading as="h2" size="3" mb="3">
            Staff
          </Heading>
          {/* spec 1 §2 Staff card: the owner first, then the staff with their designation */}
          <ul className="shop-people" data-testid="shop-staff">
            {shop.ownerId ? <Person {...shop.ownerId} role="Owner" /> : null}
            {shop.shopStaffs.map((member) => (
              <Person key={member._id} {...member} role={member.designation || "Staff"} />
            ))}
          </ul>
        </Card>
      </Grid>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
