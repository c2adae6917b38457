import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Grid } from "@radix-ui/themes";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "#contract/core/zod";
import { MSG } from "#contract/core/messages";
import { can, reachesShop } from "#contract/access/rights";
import { chosenAddress, type AddressSearch } from "#contract/geo/places";
import {
  EMBED_MODES,
  NO_IMAGE,
  NO_WEBSITE,
  SHOP_IMAGE_PURPOSE,
  applyTimingIntent,
  readTimingRows,
  timingsToRows,
  type TimingRow,
} from "#contract/shops/shop-profile";
import { shopEmailField, shopNameField, shopWebsiteField, timingRowsSchema } from "#contract/shops/shop-profile-api";
import { loadSales, loadShop, storyForPage, storyHtmlToText, textToStoryHtml } from "~/services/shop-page.server";
import { apiFor, pageNotFound } from "~/services/api.server";
import { handleIntent, replyWithApiRefusal, type Replyable } from "~/services/forms.server";
import { redirectWithToast } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { isStaffIntent, staffAction, staffLoaderData, STAFF_UPLOAD_FIELDS } from "~/services/staff.server";
import { config } from "~/services/config.server";
import { GeneralError } from "~/components/layout/GeneralError";
import { StaffCard, staffCardLinks } from "~/components/shop/StaffCard";
import { SalesCard } from "~/components/shop/SalesCard";
import { CategoryCard } from "~/components/shop/info/CategoryCard";
import { ScriptCard } from "~/components/shop/info/ScriptCard";
import { ShopImages } from "~/components/shop/info/ShopImages";
import { ShopInfoCard } from "~/components/shop/info/ShopInfoCard";
import { StoryCard } from "~/components/shop/info/StoryCard";
import { TimingsCard } from "~/components/shop/info/TimingsCard";
import type { ShopInfoActionData } from "~/components/shop/info/types";
import shopCss from "~/styles/shop.css?url";
import tableCss from "~/styles/table.css?url";
import timingsCss from "~/styles/timings.css?url";
import { textAt, valueAt } from "~/lib/posted";

// spec 1 §2 Shop detail, Shop Info tab: also the page of /app/shop/{id} (shop.$id._index.tsx)
export const handle = { roles: ["admin", "shopOwner", "staff"] as const };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: shopCss },
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: timingsCss },
  ...staffCardLinks(),
];
export const meta: MetaFunction = ({ matches }) => {
  const name = textAt(valueAt(matches.find((m) => m.id === "routes/app+/shop.$id")?.data, "shop"), "name");
  return [{ title: name ? `${name} · Shop Info` : "Shop Info" }];
};

/** The cards opened for editing through `?edit=` (spec 1 §4 Inline edit field: view, click to edit, submit or cancel). */
const EDITABLE = ["name", "email", "address", "website", "story", "timings"] as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, user, shop } = await loadShop(request, params.id);
  const url = new URL(request.url);
  // the API decides again on every call; this only hides the controls
  const canEdit = can(user, "shop:edit-details", shop._id);
  const editParam = url.searchParams.get("edit");
  const edit = canEdit ? (EDITABLE.find((card) => card === editParam) ?? null) : null;
  // spec 1 §2: the owner's own shop page adds the Lifetime Sales card
  const ownShop = user.role.role === "shopOwner";
  const [departments, staff, sales] = await Promise.all([
    // spec 1 §2 Shop Category card: the departments (every one, A to Z), only for those who may change them
    canEdit ? api.get("category/departments") : null,
    staffLoaderData(api, request, shop),
    ownShop ? loadSales(api, url, new Date()) : null,
  ]);
  const origin = config().PUBLIC_URL?.replace(/\/+$/, "") || url.origin;
  return json(
    {
      shop: {
        _id: shop._id,
        name: shop.name,
        email: shop.email,
        website: shop.website === NO_WEBSITE ? "" : shop.website.trim(),
        image: shop.image === NO_IMAGE ? "" : shop.image,
        coverImage: shop.coverImage === NO_IMAGE ? "" : shop.coverImage,
        location: { address: shop.location.address, placeId: shop.location.placeId },
        categories: shop.categories,
        story: storyForPage(shop.story),
        timings: timingsToRows(shop.timings),
      },
      canEdit,
      edit,
      departments: departments?.success ? departments.data : [],
      staff,
      sales,
      // spec 1 §9: the embed script reads window.shopId and window.mode; where it is served is configurable
      embedScriptUrl: config().EMBED_SCRIPT_URL ?? `${origin}/embed.js`,
      embedModes: EMBED_MODES,
    },
    { headers: api.headers },
  );
}

/** The page without the edit or confirm it came from (and without Remix's `?index`). */
function backHere(request: Request) {
  const url = new URL(request.url);
  for (const key of ["edit", "confirm", "index"]) url.searchParams.delete(key);
  const qs = url.searchParams.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}

const answer = (data: ShopInfoActionData, status: number, headers: Headers) => json(data, { status, headers });

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, user } = await apiFor(request, { roles: handle.roles });
  const shopId = params.id ?? "";
  // tenancy: the shop of the session for owners and staff (the API refuses any other too)
  if (!reachesShop(user, shopId)) throw pageNotFound();
  // without JavaScript the pictures come with the form and are uploaded (and checked) here
  const { formData, fileErrors, uploaded } = await readFormWithFiles(request, api, {
    image: SHOP_IMAGE_PURPOSE,
    coverImage: SHOP_IMAGE_PURPOSE,
    ...STAFF_UPLOAD_FIELDS,
  });
  const intent = String(formData.get("intent") ?? "");
  if (isStaffIntent(intent)) return staffAction(api, request, { formData, fileErrors });

  const here = backHere(request);
  // every card is a conform form: its answer is the submission's reply (errors on the card's fields, what was posted)
  const posted = parseWithZod(formData, { schema: z.object({}) });
  const refuse = (card: string, fieldErrors: Record<string, string[]>, extra: Partial<ShopInfoActionData> = {}) =>
    answer({ intent: card, result: posted.reply({ fieldErrors }), ...extra }, 400, api.headers);
  // a refused save answers the API's field errors on the card's field (else its message on the card), plus what the
  // card shows again (`extra`: the draft rows, the chosen boxes)
  const save = async (
    submission: Replyable,
    body: Record<string, unknown>,
    card: string,
    field: string,
    extra: Partial<ShopInfoActionData> = {},
  ) => {
    const result = await api.post("shop/edit", { _id: shopId, ...body });
    if (result.success) return redirectWithToast(here, { type: "success", message: result.message }, api.headers);
    return answer(
      { intent: card, result: replyWithApiRefusal(submission, result, () => field), ...extra },
      result.httpStatus,
      api.headers,
    );
  };
  const picture = (intent: "image" | "coverImage") => {
    const location = String(uploaded[intent] ?? formData.get(intent) ?? "").trim();
    const missing = intent === "image" ? MSG.shopImageRequired : MSG.shopCoverRequired;
    const error = fileErrors[intent] ?? (location ? null : missing);
    if (error) return refuse(intent, { [intent]: [error] });
    return save(posted, { [intent]: location }, intent, intent);
  };
  // spec 1 §4 Shop images: removed after confirmation by setting the value to the string 'null'
  const removePicture = async (field: "image" | "coverImage") => {
    const result = await api.post("shop/edit", { _id: shopId, [field]: NO_IMAGE });
    return redirectWithToast(
      here,
      { type: result.success ? "success" : "error", message: result.message },
      api.headers,
    );
  };
  const text = (intent: "name" | "email" | "website") => {
    const schema = z.object({
      [intent]: intent === "name" ? shopNameField : intent === "email" ? shopEmailField : shopWebsiteField.default(""),
    });
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply() }, 400, api.headers);
    const clean = (submission.value as Record<string, string | null>)[intent];
    // an empty website is a single space on the wire (ARCHITECTURE §4)
    return save(submission, { [intent]: intent === "website" && !clean ? NO_WEBSITE : clean }, intent, intent);
  };

  return handleIntent<Response>(
    formData,
    {
      image: () => picture("image"),
      coverImage: () => picture("coverImage"),
      "remove-image": () => removePicture("image"),
      "remove-cover": () => removePicture("coverImage"),
      name: () => text("name"),
      email: () => text("email"),
      website: () => text("website"),
      "address-search": async () => {
        const typed = String(formData.get("addressSearch") ?? "").trim();
        const search: AddressSearch = { text: typed, predictions: [] };
        if (typed.length >= 2) {
          const result = await api.get("geo/places/autocomplete", { input: typed });
          if (result.success) search.predictions = result.data;
          else search.error = result.message;
        }
        return answer({ intent: "address", result: posted.reply(), search }, 200, api.headers);
      },
      address: () => {
        const location = chosenAddress(formData);
        if (!location.placeId) return refuse("address", { address: [MSG.shopAddressRequired] });
        return save(posted, { location }, "address", "address");
      },
      categories: () => {
        const categories = formData.getAll("categories").map(String).filter(Boolean);
        if (!categories.length) return refuse("categories", { categories: [MSG.shopCategoryMin] }, { categories });
        return save(posted, { categories }, "categories", "categories", { categories });
      },
      story: async () => {
        const raw = String(formData.get("story") ?? "");
        if (!raw.trim()) return refuse("story", { story: [MSG.storyRequired] });
        // without JavaScript the card is a textarea of text with light marks; the editor posts HTML
        let html = raw;
        if (formData.get("storyFormat") !== "html") {
          // text left as it was keeps the stored story exactly (marks the textarea cannot write, like underline, survive)
          const current = await api.get(`shop/getdetails/${encodeURIComponent(shopId)}`);
          const stored = current.success ? storyForPage(current.data.story).html : "";
          const unchanged = stored && storyHtmlToText(stored) === raw.replace(/\r\n?/g, "\n").trim();
          html = unchanged ? stored : textToStoryHtml(raw);
        }
        return save(posted, { story: html }, "story", "story");
      },
      timings: () => {
        const rows = readTimingRows(formData, "timings");
        const submission = parseWithZod(formData, { schema: z.object({ timings: timingRowsSchema }) });
        if (submission.status !== "success")
          return answer({ intent: "timings", result: submission.reply(), rows }, 400, api.headers);
        return save(submission, { timings: submission.value.timings }, "timings", "timings", { rows });
      },
    },
    () => {
      // the timings editor's "Add row" and "Remove" without JavaScript: the draft comes back changed, nothing is saved
      const changed = applyTimingIntent(
        String(formData.get("intent") ?? ""),
        readTimingRows(formData, "timings"),
        "timings",
      );
      if (changed)
        return answer(
          { intent: "timings", result: posted.reply(), rows: changed.rows, confirmingRow: changed.confirming },
          200,
          api.headers,
        );
      return answer({ intent: "", result: posted.reply({ formErrors: [MSG.somethingWrong] }) }, 400, api.headers);
    },
  );
}

export default function ShopInfo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { shop, canEdit, edit } = data;
  const answered = (card: string) => (actionData?.intent === card ? actionData : undefined);
  const timingRows: TimingRow[] = answered("timings")?.rows ?? shop.timings;

  return (
    <>
      <ShopImages shop={shop} canEdit={canEdit} answer={answered("image") ?? answered("coverImage")} />
      {data.sales ? <SalesCard sales={data.sales} /> : null}
      <Grid columns={{ initial: "1", md: "2" }} gap="4" align="start">
        <Grid gap="4">
          <ShopInfoCard shop={shop} canEdit={canEdit} edit={edit} answer={actionData} />
          <CategoryCard shop={shop} canEdit={canEdit} departments={data.departments} answer={answered("categories")} />
          <StoryCard
            record={shop._id}
            story={shop.story}
            canEdit={canEdit}
            editing={edit === "story"}
            answer={answered("story")}
          />
        </Grid>
        <Grid gap="4">
          {/* helper D's staff card: owner first, then staff (title 'Team Member(s)' on the owner's own page) */}
          <StaffCard staff={data.staff} answer={actionData && "staffForm" in actionData ? actionData : undefined} />
          <TimingsCard
            record={shop._id}
            rows={timingRows}
            saved={shop.timings}
            canEdit={canEdit}
            editing={edit === "timings" || !!answered("timings")}
            answer={answered("timings")}
          />
          <ScriptCard shopId={shop._id} scriptUrl={data.embedScriptUrl} modes={data.embedModes} />
        </Grid>
      </Grid>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
