import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Button } from "@radix-ui/themes";
import { Flex, Text } from "~/components/plain";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/remix";
import { Suspense, lazy, memo, useMemo, type ComponentProps } from "react";
import { formatDob } from "#contract/people/influencers";
import type { InfluencerEntity } from "#contract/people/influencers-api";
import {
  addInfluencerSchema,
  editInfluencerFormSchema,
  geoRefreshSchema,
  influencerStatusFormSchema,
} from "#contract/people/influencers-api";
import { UI_MSG } from "#contract/core/messages-ui";
import type { UserEntity } from "#contract/people/users-api";
import { apiFor } from "~/services/api.server";
import { bulkRows, deleteRow, listLoader, type BulkSpec } from "~/services/list.server";
import { replyWithApiRefusal } from "~/services/forms.server";
import { geoOptions, postedLocation, type GeoOptions } from "~/services/geo.server";
import { redirectWithToast, savedThenReturn, savedThenReturnHeaders, type Saved } from "~/services/toast.server";
import { readFormWithFiles } from "~/services/upload.server";
import { formatDate } from "~/lib/format";
import { closeOverlayHref, listHref } from "~/lib/url-state";
import { answerOf } from "~/components/form/form-answer";
import { SavedThenReturn } from "~/components/form/SavedThenReturn";
import { GEO_INTENT, type InfluencerFormValues } from "~/components/influencer/form-values";
import type { Column } from "~/components/table/DataTable";
import { PersonCell } from "~/components/table/PersonCell";
import { ListPage } from "~/components/table/ListPage";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import { StatusTag } from "~/components/verification/StatusTag";
import { STATUS_INTENT, VerificationDialog, bulkStatusAction } from "~/components/verification/VerificationDialog";
import { bulkDeleteAction } from "~/components/table/BulkActions";
import tableCss from "~/styles/table.css?url";
import settingsCss from "~/styles/settings.css?url";
import searchSelectCss from "~/styles/search-select.css?url";
import influencersCss from "~/styles/influencers.css?url";

// spec 1 §6: the influencer list is admin-only
export const handle = { roles: ["admin"] as const, title: "Influencers" };
export const meta: MetaFunction = () => [{ title: "Influencers" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: settingsCss },
  { rel: "stylesheet", href: influencersCss },
  { rel: "stylesheet", href: searchSelectCss },
];
// a status change answers with a Refresh header: the list comes back after about 1 s, also without JavaScript
export const headers = savedThenReturnHeaders;

const HERE = "/app/influencer-list";
const ADD = "add";
const EDIT = "edit";
const DELETE = "delete";
const BULK = "bulk";
/** The API's field names that the form shows beside their inputs. */
const FORM_FIELDS = [
  "image",
  "fName",
  "email",
  "mobile",
  "gender",
  "customizeGender",
  "dob",
  "ethnicity",
  "country",
  "state",
  "city",
  "bio",
  "instaProfileId",
  "tiktokProfileId",
  "fbProfileId",
  "youtubeProfileId",
  "portfolio",
];

export const loader = listLoader({
  access: handle,
  list: (api, query) => api.get("user/list", { ...query, role: "influencer" }),
  target: {
    on: [`drawer=${EDIT}`, `confirm=${STATUS_INTENT}`, `confirm=${DELETE}`],
    load: (api, id) => api.get(`user/influencer/${id}`),
  },
  // the add and edit drawers' place choices
  extra: async ({ api, search, target }) => {
    const drawer = search.get("drawer");
    if (drawer === ADD) return { geo: await geoOptions(api, {}) };
    const editing = drawer === EDIT ? await target : null;
    return {
      geo: editing?.success
        ? await geoOptions(api, { country: editing.data.country, state: editing.data.state, city: editing.data.city })
        : null,
    };
  },
});

/** The list's bulk actions (ADR 0074): delete, and verification to one status, each row as the single action checks it. */
const INFLUENCER_BULK: BulkSpec = {
  noun: "influencers",
  // the list is GET user/list with role influencer: `all` means the same rows
  fixed: { role: "influencer" },
  actions: {
    [DELETE]: { call: (api, selection) => api.post("user/bulk/delete", selection), done: "Deleted", removes: true },
    [STATUS_INTENT]: {
      call: (api, selection, form) =>
        api.post("user/bulk/verification", { ...selection, status: String(form.get("status") ?? "") }),
      done: "Changed the status of",
    },
  },
};

type FormReply = { form: "add" | "edit"; result: SubmissionResult<string[]>; geo: GeoOptions };
type ActionData = FormReply | { statusError: string } | Saved;

/** The upload refusals of a form posted without JavaScript, as field errors. */
const fileFieldErrors = (fileErrors: Record<string, string>) =>
  Object.fromEntries(Object.entries(fileErrors).map(([field, message]) => [field, [message]]));

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const back = closeOverlayHref(new URL(request.url));
  // without JavaScript the chosen picture and portfolio files come with the form and are uploaded (and checked) here
  const { formData, fileErrors } = await readFormWithFiles(
    request,
    api,
    { image: "profileImage", portfolio: "portfolio" },
    { multiple: ["portfolio"] },
  );
  const intents = formData.getAll("intent").map(String);
  // a "Show states" button names its own intent beside the form's hidden one
  const intent = intents.find((i) => i === GEO_INTENT.add || i === GEO_INTENT.edit) ?? intents[0];
  const reply = async (form: "add" | "edit", result: SubmissionResult<string[]>, status: number) =>
    json<ActionData>(
      { form, result, geo: await geoOptions(api, postedLocation(formData)) },
      { status, headers: api.headers },
    );

  if (intent === GEO_INTENT.add || intent === GEO_INTENT.edit) {
    const submission = parseWithZod(formData, { schema: geoRefreshSchema });
    return reply(
      intent === GEO_INTENT.add ? ADD : EDIT,
      submission.reply({ fieldErrors: fileFieldErrors(fileErrors) }),
      200,
    );
  }

  if (intent === ADD) {
    const submission = parseWithZod(formData, { schema: addInfluencerSchema });
    if (submission.status !== "success" || Object.keys(fileErrors).length)
      return reply(ADD, submission.reply({ fieldErrors: fileFieldErrors(fileErrors) }), 400);
    const result = await api.post("user/add-user", { ...submission.value, role: "influencer" });
    if (!result.success) return reply(ADD, replyWithApiRefusal(submission, result, FORM_FIELDS), result.httpStatus);
    // spec 1 §7: after an add the list reloads with limit 10, sort createdAt desc, page 1
    return redirectWithToast(HERE, { type: "success", message: result.message }, api.headers);
  }

  if (intent === EDIT) {
    const submission = parseWithZod(formData, { schema: editInfluencerFormSchema });
    if (submission.status !== "success" || Object.keys(fileErrors).length)
      return reply(EDIT, submission.reply({ fieldErrors: fileFieldErrors(fileErrors) }), 400);
    const { id, ...fields } = submission.value;
    const result = await api.put(`user/edit-user/${encodeURIComponent(id)}`, fields);
    if (result.httpStatus === 404)
      return redirectWithToast(back, { type: "error", message: result.message }, api.headers);
    if (!result.success) return reply(EDIT, replyWithApiRefusal(submission, result, FORM_FIELDS), result.httpStatus);
    return redirectWithToast(back, { type: "success", message: result.message }, api.headers);
  }

  if (intent === STATUS_INTENT) {
    const form = influencerStatusFormSchema.safeParse(Object.fromEntries(formData));
    if (!form.success) return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
    // spec 1 §4: nothing chosen is 'Please Change the Status' (the API says the same for the current status)
    if (!form.data.status)
      return json<ActionData>({ statusError: UI_MSG.statusUnchanged }, { status: 400, headers: api.headers });
    const result = await api.put("user/verification", { userId: form.data.id, status: form.data.status });
    if (result.httpStatus === 404)
      return redirectWithToast(back, { type: "error", message: result.message }, api.headers);
    if (!result.success)
      return json<ActionData>({ statusError: result.message }, { status: result.httpStatus, headers: api.headers });
    // spec 1 §4: the dialog closes, the message shows, and the list refreshes after about 1 s
    return savedThenReturn(back, result.message, api.headers);
  }

  if (intent === DELETE) return deleteRow(api, request, formData, (id) => `user/${id}`);

  if (intent === BULK) return bulkRows(api, request, formData, INFLUENCER_BULK);

  return redirectWithToast(back, { type: "error", message: UI_MSG.somethingWrong }, api.headers);
}

const fullName = (user: Pick<UserEntity, "fName" | "lName">) => `${user.fName} ${user.lName}`.trim();
const phone = (user: Pick<UserEntity, "countryCode" | "mobile">) =>
  user.mobile ? `${user.countryCode ?? ""} ${user.mobile}`.trim() : "";

/** The edit drawer's starting values: the influencer as the form writes it. */
const formValues = (inf: InfluencerEntity): InfluencerFormValues => ({
  image: inf.image ?? "",
  fName: fullName(inf),
  email: inf.email ?? "",
  countryFlag: inf.countryFlag ?? "",
  mobile: inf.mobile ?? "",
  gender: inf.gender ?? "",
  customizeGender: inf.customizeGender ?? "",
  dob: formatDob(inf.dob),
  ethnicity: inf.ethnicity ?? "",
  bio: inf.bio ?? "",
  instaProfileId: inf.instaProfileId ?? "",
  tiktokProfileId: inf.tiktokProfileId ?? "",
  fbProfileId: inf.fbProfileId ?? "",
  youtubeProfileId: inf.youtubeProfileId ?? "",
  country: inf.country ?? "",
  state: inf.state ?? "",
  city: inf.city ?? "",
  portfolio: inf.portfolio,
});

const columns: Column<UserEntity>[] = [
  { key: "name", header: "Name", sort: "fName", cell: (user) => <PersonCell person={user} /> },
  { key: "email", header: "E-mail", sort: "email", cell: (user) => user.email ?? "" },
  { key: "phone", header: "Phone", cell: (user) => <span className="nowrap">{phone(user)}</span> },
  { key: "status", header: "Status", cell: (user) => <StatusTag status={user.status} /> },
  {
    key: "createdAt",
    header: "Created",
    sort: "createdAt",
    cell: (user) => <span className="nowrap">{formatDate(user.createdAt)}</span>,
  },
  actionsColumn((user) => (
    <>
      <RowLink
        label="View/Edit"
        name={`View or edit ${fullName(user)}`}
        open={{ drawer: EDIT, confirm: null, id: user._id }}
      />
      <RowLink
        label="Status"
        name={`Change the status of ${fullName(user)}`}
        color="gray"
        open={{ confirm: STATUS_INTENT, drawer: null, id: user._id }}
      />
      <DeleteRowLink id={user._id} name={fullName(user)} close={{ drawer: null }} />
    </>
  )),
];

const bulkActions = [bulkStatusAction(), bulkDeleteAction("They will no longer be listed.")];

/** The add and edit form: a lazy island, loaded when a drawer opens (the list itself ships without it). */
const InfluencerForm = lazy(() => import("~/components/influencer/InfluencerForm"));

/**
 * The form in its drawer. Memoised: the server renders it whole, and a re-render of the list reaching the lazy island
 * before its script has loaded would make React swap the server's form (and what was typed into it) for the fallback.
 */
const InfluencerFormIsland = memo(function InfluencerFormIsland(props: ComponentProps<typeof InfluencerForm>) {
  return (
    <Suspense
      fallback={
        <Text as="p" size="2" color="gray">
          Loading…
        </Text>
      }
    >
      <InfluencerForm {...props} />
    </Suspense>
  );
});

export default function InfluencerList() {
  const data = useLoaderData<typeof loader>();
  const { target, geo } = data;
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const closeHref = closeOverlayHref(location);
  const { saved } = answerOf(actionData);
  const formReply = actionData && "form" in actionData ? actionData : null;
  const statusError = actionData && "statusError" in actionData ? actionData.statusError : null;
  const drawer = params.get("drawer");
  const confirm = params.get("confirm");
  const addGeo = formReply?.form === ADD ? formReply.geo : geo;
  const editGeo = formReply?.form === EDIT ? formReply.geo : geo;
  // the island's props keep their identity across the list's re-renders (see InfluencerFormIsland)
  const editDefaults = useMemo(() => (target ? formValues(target) : undefined), [target]);
  const editHidden = useMemo(() => (target ? { id: target._id } : undefined), [target]);

  return (
    <ListPage
      csv="/app/influencer-list/export"
      title="Influencers"
      add={{ label: "Add Influencer", open: { drawer: ADD, confirm: null, id: null } }}
      search={{ label: "Search influencers", placeholder: "Search name, e-mail or phone" }}
      noun="influencers"
      columns={columns}
      data={data}
      remove={{
        title: "Delete influencer",
        id: target?._id,
        name: target ? fullName(target) : "",
        note: "They will no longer be listed.",
      }}
      bulk={{ actions: bulkActions, rowName: fullName }}
    >
      {saved ? <SavedThenReturn saved={saved} /> : null}
      <Drawer open={drawer === ADD && !!addGeo} title="Add Influencer" closeHref={closeHref} width={600}>
        {addGeo ? (
          <InfluencerFormIsland
            key="add"
            mode={ADD}
            id="add-influencer"
            lastResult={formReply?.form === ADD ? formReply.result : undefined}
            geo={addGeo}
            closeHref={closeHref}
          />
        ) : null}
      </Drawer>

      <Drawer
        open={drawer === EDIT && !!target && !!editGeo}
        title="View / Edit Influencer"
        closeHref={closeHref}
        width={600}
      >
        {target && editGeo ? (
          <>
            <Flex align="center" gap="3" mb="4" wrap="wrap" className="influencer-summary">
              <StatusTag status={target.status} size="2" />
              <Text size="2" color="gray">
                Joined {formatDate(target.createdAt)}
              </Text>
              <Button asChild size="1" variant="soft" color="gray">
                <Link
                  to={listHref(location, { drawer: null, confirm: STATUS_INTENT, id: target._id })}
                  preventScrollReset
                >
                  Change status
                </Link>
              </Button>
            </Flex>
            <InfluencerFormIsland
              key={target._id}
              mode={EDIT}
              id={`edit-influencer-${target._id}`}
              lastResult={formReply?.form === EDIT ? formReply.result : undefined}
              defaults={editDefaults}
              geo={editGeo}
              closeHref={closeHref}
              hidden={editHidden}
            />
          </>
        ) : null}
      </Drawer>

      <VerificationDialog
        open={confirm === STATUS_INTENT && !!target && !saved}
        title="Change Status"
        description={
          target ? (
            <>
              Verification of <strong>{fullName(target)}</strong>
            </>
          ) : null
        }
        current={target?.status ?? "Pending"}
        cancelHref={closeHref}
        fields={{ id: target?._id ?? "" }}
        error={statusError}
      />
    </ListPage>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
