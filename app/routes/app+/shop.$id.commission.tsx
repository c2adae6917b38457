import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Box, Button, Callout, TextField } from "@radix-ui/themes";
import { Text } from "~/components/plain";
import { useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Form } from "~/components/remix";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { SubcategoryOption } from "#contract/catalogue/categories-api";
import { COMMISSION_SEARCH_DEBOUNCE_MS } from "#contract/shops/commission";
import type { ShopCommission } from "#contract/shops/commission-api";
import { addCommissionFormSchema, editCommissionFormSchema } from "#contract/shops/commission-api";
import { UI_MSG } from "#contract/core/messages-ui";
import { apiFor } from "~/services/api.server";
import { listLoader } from "~/services/list.server";
import { formRefused, replyWithApiRefusal } from "~/services/forms.server";
import { savedThenReturnHeaders } from "~/services/toast.server";
import { useHydrated } from "~/lib/hooks";
import { listHref } from "~/lib/url-state";
import { useFormKit } from "~/components/form/use-form-kit";
import { getFormProps, getInputProps } from "~/components/form/form-props";
import { ErrorList, Field } from "~/components/form/Field";
import { RETURN_DELAY_MS } from "~/components/form/SavedThenReturn";
import type { Column } from "~/components/table/DataTable";
import { HiddenParams } from "~/components/table/HiddenParams";
import { ListPage } from "~/components/table/ListPage";
import { DeleteRowLink, RowLink, actionsColumn } from "~/components/table/RowActions";
import { Drawer } from "~/components/layout/Drawer";
import { GeneralError } from "~/components/layout/GeneralError";
import { SubcategoryCombobox, blockNonDigits, keepDigits, placeOf } from "~/components/commission/SubcategoryCombobox";
import tableCss from "~/styles/table.css?url";
import commissionCss from "~/styles/commission.css?url";
import { reachesEveryShop } from "#contract/access/rights";
import { DismissLink } from "~/components/layout/DismissLink";
import { FieldLabel } from "~/components/form/FieldLabel";
import { errorAria } from "~/components/form/error-aria";

// spec 1 §2 Commission tab of the shop page: everyone who sees the shop reads it; only admins add, edit or delete (spec 1 §6)
export const handle = { roles: ["admin", "shopOwner", "staff"] as const };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: tableCss },
  { rel: "stylesheet", href: commissionCss },
];
// without JavaScript the Refresh header reloads the list about 1 s after a change (spec 1 §4)
export const headers = savedThenReturnHeaders;

/** Without JavaScript the sub-category select offers this many matches of the find box at a time. */
const NO_JS_CHOICES = 50;
/** What the list's URL carries besides its own state: the add drawer, the inline edit and the delete confirmation. */
const OVERLAYS = { drawer: null, categorySearch: null, edit: null, confirm: null, id: null } as const;
/** `?drawer=add` opens the add form over the list. */
const ADD = "add";

export const loader = listLoader({
  access: handle,
  list: (api, query, { params }) => api.get(`shop/commission/${encodeURIComponent(params.id ?? "")}`, query),
  // another shop's id (owners and staff), or one that does not exist: 'Page not found' either way
  missingIsNotFound: true,
  extra: async ({ api, door, search }) => {
    const isAdmin = reachesEveryShop(door.user);
    const categorySearch = (search.get("categorySearch") ?? "").trim();
    // the add form's choices without JavaScript, while it is open (with JavaScript the select searches GET
    // category/subcategory-list itself); the list alone does not pay for them (`npm run bench:ssr`)
    const adding = isAdmin && search.get("drawer") === ADD;
    const choices = adding
      ? await api.get("category/subcategory-list", {
          skip: 0,
          limit: NO_JS_CHOICES,
          sort: "name",
          sortType: "asc",
          search: categorySearch,
        })
      : null;
    return {
      isAdmin,
      choices: choices?.success ? { options: choices.data, isNext: !!choices.isNext } : { options: [], isNext: false },
      choicesError: choices && !choices.success ? choices.message : null,
      categorySearch,
    };
  },
});

type Notice = { type: "success" | "error"; message: string; to: string; at: number };
type ActionData =
  { notice: Notice } | { intent: "add" | "edit"; categoryId: string; result: SubmissionResult<string[]> };
const FORM_FIELDS = ["categoryId", "percentage"];

/**
 * The add form, the inline edit and the delete confirmation post here. spec 1 §8: the server's message shows as a
 * success or error toast and the list reloads after about 1 s; input the API refuses stays on the form with its message.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await apiFor(request, { roles: handle.roles });
  const shopId = params.id ?? "";
  const back = listHref(new URL(request.url), OVERLAYS, { resetPage: false });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const notice = (result: { success: boolean; message: string }) => {
    const headers = new Headers(api.headers);
    headers.set("Refresh", `1; url=${back}`);
    return json<ActionData>(
      { notice: { type: result.success ? "success" : "error", message: result.message, to: back, at: Date.now() } },
      { headers },
    );
  };

  if (intent === "add" || intent === "edit") {
    const submission = parseWithZod(formData, {
      schema: intent === "add" ? addCommissionFormSchema : editCommissionFormSchema,
    });
    const categoryId = String(formData.get("categoryId") ?? "");
    if (submission.status !== "success")
      return formRefused(submission.reply(), 400, api.headers, { intent, categoryId });
    const body = { shopId, categoryId: submission.value.categoryId, percentage: submission.value.percentage };
    const result = intent === "add" ? await api.post("shop/commission", body) : await api.put("shop/commission", body);
    // a refusal about the form's own fields (a taken sub-category, a bad number) stays on the form
    if (!result.success && Object.keys(result.errors ?? {}).some((field) => FORM_FIELDS.includes(field))) {
      return formRefused(replyWithApiRefusal(submission, result, FORM_FIELDS), result.httpStatus, api.headers, {
        intent,
        categoryId,
      });
    }
    return notice(result);
  }
  if (intent === "delete") {
    return notice(
      await api.delete("shop/commission", { shopId, categoryId: String(formData.get("categoryId") ?? "") }),
    );
  }
  return notice({ success: false, message: UI_MSG.somethingWrong });
}

/** spec 1 §8: the server's message as a toast; the list reloads about 1 s later (without JavaScript, by the Refresh header). */
function useNoticeThenReload(notice: Notice | null) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // what the page is doing when the reload is due: a submission made meanwhile must not be cancelled by it (its answer
  // brings the fresh list anyway)
  const busy = useRef(false);
  busy.current = navigation.state !== "idle";
  const [toast, setToast] = useState<Notice | null>(notice);
  useEffect(() => {
    if (notice) setToast(notice);
  }, [notice]);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 4000);
    return () => clearTimeout(timer);
  }, [toast]);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => {
      if (!busy.current) navigate(notice.to, { replace: true, preventScrollReset: true });
    }, RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [notice, navigate]);
  return toast ?? notice;
}

export default function ShopCommissionTab() {
  const data = useLoaderData<typeof loader>();
  const { isAdmin, list, choices, choicesError, categorySearch } = data;
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const notice = actionData && "notice" in actionData ? actionData.notice : null;
  const reply = actionData && "result" in actionData ? actionData : null;
  const toast = useNoticeThenReload(notice);
  // once a change is saved the drawer, the edit and the dialog close; the list reloads a moment later
  const adding = isAdmin && !notice && params.get("drawer") === ADD;
  const editing = isAdmin && !notice ? params.get("edit") : null;
  const deleting = isAdmin && !notice && params.get("confirm") === "delete" ? params.get("id") : null;
  const here = `${location.pathname}${location.search}`;
  const closeHref = listHref(location, OVERLAYS, { resetPage: false });
  const target = deleting ? list?.rows.find((row) => row.categoryId._id === deleting) : undefined;

  const columns: Column<ShopCommission>[] = [
    { key: "subcategory", header: "Sub-category", cell: (row) => <Text weight="medium">{row.categoryId.name}</Text> },
    { key: "category", header: "Category", cell: (row) => row.categoryId.parent.name },
    {
      key: "percentage",
      header: "Commission",
      cell: (row) =>
        editing === row.categoryId._id ? (
          <InlineEdit
            row={row}
            action={here}
            cancelHref={closeHref}
            lastResult={reply?.intent === "edit" && reply.categoryId === row.categoryId._id ? reply.result : undefined}
          />
        ) : (
          <>
            <Text weight="medium" data-testid="commission-percentage">
              {row.percentage}%
            </Text>
            {row.defaultPercentage !== null ? (
              <Text size="1" color="gray" className="commission-default">
                Default {row.defaultPercentage}%
              </Text>
            ) : null}
          </>
        ),
    },
  ];
  if (isAdmin) {
    columns.push(
      actionsColumn((row) =>
        editing === row.categoryId._id ? null : (
          <>
            <RowLink
              label="Edit"
              name={`Edit ${row.categoryId.name}`}
              open={{ edit: row.categoryId._id, drawer: null, categorySearch: null, confirm: null, id: null }}
              resetPage={false}
            />
            <DeleteRowLink
              id={row.categoryId._id}
              name={row.categoryId.name}
              close={{ edit: null, drawer: null, categorySearch: null }}
              resetPage={false}
            />
          </>
        ),
      ),
    );
  }

  return (
    <ListPage
      csv={`${location.pathname}/export`}
      title="Category Commission"
      headingLevel={2}
      subtitle={
        isAdmin
          ? "This shop's own commission on a sub-category replaces the sub-category's default."
          : "Set by the platform for this shop. Sub-categories not listed here use their default commission."
      }
      add={
        isAdmin
          ? {
              label: "Add Commission",
              open: { drawer: ADD, categorySearch: null, edit: null, confirm: null, id: null },
            }
          : null
      }
      search={{ label: "Search commission", placeholder: "Search category", debounceMs: COMMISSION_SEARCH_DEBOUNCE_MS }}
      label="Category commission"
      noun="commissions"
      columns={columns}
      rowKey={(row) => row.categoryId._id}
      data={data}
      remove={{
        title: "Delete commission",
        id: deleting,
        field: "categoryId",
        cancelHref: closeHref,
        description: target ? (
          <>
            Are you sure you want to delete the commission on <strong>{target.categoryId.name}</strong> (
            {target.categoryId.parent.name})? The default commission applies again.
          </>
        ) : (
          "Are you sure you want to delete this commission? The default commission applies again."
        ),
      }}
    >
      <Drawer open={adding} title="Add Commission" closeHref={closeHref} width={500}>
        <AddCommission
          action={here}
          options={choices.options}
          moreOptions={choices.isNext}
          optionsError={choicesError}
          categorySearch={categorySearch}
          lastResult={reply?.intent === "add" ? reply.result : undefined}
          chosen={reply?.intent === "add" ? reply.categoryId : ""}
        />
      </Drawer>
      {toast ? (
        <div role="status" aria-live="polite" className="toast-region" data-testid="toast">
          <Callout.Root color={toast.type === "success" ? "green" : "red"} variant="surface" size="1">
            <Callout.Text>{toast.message}</Callout.Text>
          </Callout.Root>
        </div>
      ) : null}
    </ListPage>
  );
}

/** The commission field's native constraints: digits only, at most 3 (spec 1 §5); typing anything else is blocked. */
const percentInput = {
  inputMode: "numeric",
  pattern: "[0-9]*",
  maxLength: 3,
  title: UI_MSG.commissionRange,
  onKeyDown: blockNonDigits,
  onInput: keepDigits,
  autoComplete: "off",
} as const;

/** spec 1 §5 Commission: a sub-category and an integer 1 to 100, added with POST shop/commission (in the add drawer). */
function AddCommission({
  action,
  options,
  moreOptions,
  optionsError,
  categorySearch,
  lastResult,
  chosen,
}: {
  action: string;
  options: SubcategoryOption[];
  moreOptions: boolean;
  optionsError: string | null;
  categorySearch: string;
  lastResult?: SubmissionResult<string[]>;
  chosen: string;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit({ id: "add-commission", lastResult });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <>
      {hydrated ? null : (
        // without JavaScript: find sub-categories by name, then choose one in the select below
        <Form
          method="get"
          action={location.pathname}
          className="commission-find"
          role="search"
          aria-label="Narrow the choice by name"
        >
          <HiddenParams params={new URLSearchParams(location.search)} omit={["categorySearch"]} />
          <TextField.Root
            type="search"
            name="categorySearch"
            aria-label="Find sub-category"
            placeholder="Find sub-category"
            defaultValue={categorySearch}
            maxLength={100}
          />
          <Button type="submit" variant="soft">
            Find
          </Button>
        </Form>
      )}
      <CommissionForm key={key} formProps={getFormProps(form)} action={action} intent="add">
        <Box className="commission-category">
          {hydrated ? (
            <SubcategoryCombobox
              id="commission-category"
              name="categoryId"
              label="Sub-category"
              errors={fields.categoryId.errors}
              errorId={fields.categoryId.errorId}
            />
          ) : (
            <>
              <FieldLabel htmlFor="commission-category">Sub-category</FieldLabel>
              <select
                id="commission-category"
                name="categoryId"
                className="native-select"
                defaultValue={chosen}
                {...errorAria(fields.categoryId)}
              >
                <option value="">
                  {options.length
                    ? "Select sub-category"
                    : categorySearch
                      ? "No sub-categories found"
                      : "Select sub-category"}
                </option>
                {options.map((option) => (
                  <option key={option._id} value={option._id}>
                    {`${option.name} (${placeOf(option)})`}
                  </option>
                ))}
              </select>
              {optionsError ? (
                <Text as="p" size="1" color="red">
                  {optionsError}
                </Text>
              ) : moreOptions ? (
                <Text as="p" size="1" color="gray">
                  The first {options.length} matches: find by name to narrow them.
                </Text>
              ) : null}
            </>
          )}
          <ErrorList id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
        </Box>
        <Box className="commission-percent">
          <Field
            label="Commission (%)"
            hint={UI_MSG.commissionRange}
            field={fields.percentage}
            inputProps={{ ...percentInput, placeholder: "1–100" }}
          />
        </Box>
        <Box className="commission-submit">
          <Button type="submit" size="3" loading={busy}>
            Add
          </Button>
        </Box>
      </CommissionForm>
    </>
  );
}

/** spec 1 §4 inline edit: the row's percentage becomes a small form (PUT shop/commission); Cancel goes back to the view. */
function InlineEdit({
  row,
  action,
  cancelHref,
  lastResult,
}: {
  row: ShopCommission;
  action: string;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const { form, fields, key } = useFormKit<{ categoryId: string; percentage: string }>({
    id: `edit-commission-${row.categoryId._id}`,
    record: row.categoryId._id,
    lastResult,
    defaultValue: { percentage: String(row.percentage) },
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "edit";
  return (
    <CommissionForm key={key} formProps={getFormProps(form)} action={action} intent="edit">
      <input type="hidden" name="categoryId" value={row.categoryId._id} />
      <Box>
        <TextField.Root
          {...getInputProps(fields.percentage, { type: "text" })}
          {...percentInput}
          size="2"
          aria-label={`Commission on ${row.categoryId.name} (%)`}
          {...errorAria(fields.percentage)}
          autoFocus
        />
        <ErrorList id={fields.percentage.errorId} errors={fields.percentage.errors} />
        <ErrorList errors={fields.categoryId.errors ?? form.errors} />
      </Box>
      <Button type="submit" size="2" loading={busy}>
        Save
      </Button>
      <DismissLink to={cancelHref}>Cancel</DismissLink>
    </CommissionForm>
  );
}

/** The add and edit forms: a plain POST to the tab's action naming its intent, the page kept where it is. */
function CommissionForm({
  formProps,
  action,
  intent,
  children,
}: {
  formProps: ReturnType<typeof getFormProps>;
  action: string;
  intent: "add" | "edit";
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} preventScrollReset {...formProps} className={`commission-${intent}`}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralError />;
}
