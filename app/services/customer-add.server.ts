// The customer add flow's server half (spec 2 §4 Customer add flow; ADR 0034), shared by the modal on
// /app/customers (with JavaScript) and its own page /app/add-customer (without). Each step is a plain form post; the
// step and what was typed travel in the answer (hidden fields of the next step's form), so it all works without
// JavaScript: search → found | form → code (verify, Resend OTP) → registered.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { CUSTOMER_IMAGE_PURPOSE, CUSTOMER_RELOAD_MS } from "#contract/customers/customer-list";
import type { CustomerFound } from "#contract/customers/customer-list-api";
import {
  confirmCustomerSchema,
  customerFormSchema,
  registerCustomerSchema,
  searchCustomerSchema,
} from "#contract/customers/customer-list-api";
import { MSG } from "#contract/core/messages";
import { formatPhone } from "#contract/phone/phone-rules";
import { can } from "#contract/access/rights";
import { CUSTOMER_ADD_ACCESS } from "~/lib/customers";
import { apiFor, pageNotFound } from "./api.server";
import { handleIntent, replyWithApiRefusal } from "./forms.server";
import { readFormWithFiles } from "./upload.server";

/** The add flow's door: the list's or the page's access, and the right to add. */
export async function customerAddDoor(request: Request) {
  const door = await apiFor(request, CUSTOMER_ADD_ACCESS);
  if (!can(door.user, "customer:add") || !door.user.shop) throw pageNotFound();
  return { ...door, shopId: door.user.shop._id };
}

/** What the form holds between steps. */
export interface CustomerValues {
  fName: string;
  email: string;
  gender: string;
  countryFlag: string;
  mobile: string;
  image: string;
}

type Reply = SubmissionResult<string[]>;

/** A found customer the shop does not know yet, while they confirm with a texted code (ADR 0048). */
export interface ConfirmingCustomer {
  customerId: string;
  name: string;
  /** the number masked, as the search showed it */
  shownPhone: string;
}

/** The step the flow shows after a post (the first step, the phone search, needs none). */
export type AddFlowStep =
  | { step: "phone"; result: Reply }
  | {
      step: "found";
      found: NonNullable<CustomerFound["customer"]>;
      needsConfirmation: boolean;
      message: string;
      canOpen: boolean;
    }
  | { step: "form"; values: Partial<CustomerValues>; result?: Reply; message?: string | null }
  | { step: "code"; values: CustomerValues; shownPhone: string; result?: Reply; notice?: string | null }
  | { step: "confirm"; customer: ConfirmingCustomer; result?: Reply; notice?: string | null }
  | { step: "done"; saved: { message: string; to: string; delayMs: number } };

const FORM_FIELDS = ["fName", "email", "gender", "mobile", "image"] as const;

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "");
const confirmingOf = (formData: FormData): ConfirmingCustomer => ({
  customerId: text(formData, "customerId"),
  name: text(formData, "name"),
  shownPhone: text(formData, "shownPhone"),
});
const valuesOf = (formData: FormData): CustomerValues => ({
  fName: text(formData, "fName"),
  email: text(formData, "email"),
  gender: text(formData, "gender"),
  countryFlag: text(formData, "countryFlag"),
  mobile: text(formData, "mobile"),
  image: text(formData, "image"),
});

/**
 * Runs one step of the flow. `list` is where the flow returns once the customer is registered (the list, which then
 * reloads). Answers the next step as JSON (status 400 or the API's on a refusal).
 */
export async function addCustomerStep(request: Request, list: string) {
  const { api, shopId, user } = await customerAddDoor(request);
  const { formData, fileErrors } = await readFormWithFiles(request, api, { image: CUSTOMER_IMAGE_PURPOSE });
  const answer = (data: AddFlowStep, status = 200) => json<AddFlowStep>(data, { status, headers: api.headers });

  /** Sends a code to the typed number (the form's submit and 'Resend OTP'); a refusal goes back to the form. */
  async function sendCode(values: CustomerValues, notice: string | null, submission: { reply: (o?: object) => Reply }) {
    const sent = await api.post("auth/register/send-otp", {
      countryFlag: values.countryFlag,
      mobile: values.mobile,
      email: values.email,
    });
    if (!sent.success) {
      return answer(
        { step: "form", values, result: replyWithApiRefusal(submission, sent, FORM_FIELDS), message: sent.message },
        sent.httpStatus,
      );
    }
    const shownPhone = formatPhone({
      countryFlag: sent.data.countryFlag,
      countryCode: sent.data.countryCode,
      mobile: sent.data.mobile,
    });
    return answer({ step: "code", values, shownPhone, notice });
  }

  /** Texts the found customer a code to confirm the shop may see them (and 'Resend OTP'); a refusal shows on the code step. */
  async function sendConfirmation(customer: ConfirmingCustomer, notice: string | null) {
    const sent = await api.post(`user/customer/${encodeURIComponent(customer.customerId)}/send-otp`);
    if (!sent.success)
      return answer(
        { step: "confirm", customer, result: { status: "error", error: { "": [sent.message] } } },
        sent.httpStatus,
      );
    return answer({ step: "confirm", customer, notice });
  }

  /** Back to the list once the customer is the shop's, which reloads (without JavaScript: the Refresh header, 1 s). */
  function finished(message: string) {
    api.headers.set("Refresh", `1; url=${list}`);
    return answer({ step: "done", saved: { message, to: list, delayMs: CUSTOMER_RELOAD_MS } });
  }

  return handleIntent(
    formData,
    {
      // 1) search by phone
      search: async () => {
        const submission = parseWithZod(formData, { schema: searchCustomerSchema });
        if (submission.status !== "success") return answer({ step: "phone", result: submission.reply() }, 400);
        const result = await api.post("user/search-customer", submission.value);
        if (!result.success)
          return answer(
            { step: "phone", result: replyWithApiRefusal(submission, result, ["mobile"]) },
            result.httpStatus,
          );
        // 2) found: a customer the shop knows, to open; another shop's, masked, to confirm; not found: the form
        // the customer page needs 'view' (ADR 0035): staff with 'add' alone are not offered a page they may not open
        if (result.data.found && result.data.customer) {
          const { customer, needsConfirmation } = result.data;
          return answer({
            step: "found",
            found: customer,
            needsConfirmation,
            message: result.message,
            canOpen: !needsConfirmation && can(user, "customer:view"),
          });
        }
        return answer({
          step: "form",
          values: { countryFlag: text(formData, "countryFlag"), mobile: text(formData, "mobile") },
          message: result.message,
        });
      },
      // 3) the form's submit: check it, then a code goes to the number
      send: async () => {
        const values = valuesOf(formData);
        const submission = parseWithZod(formData, { schema: customerFormSchema });
        const fileError = fileErrors.image ? { fieldErrors: { image: [fileErrors.image] } } : {};
        if (submission.status !== "success" || fileErrors.image)
          return answer({ step: "form", values, result: submission.reply(fileError) }, 400);
        return sendCode({ ...values, image: submission.value.image ?? "" }, null, submission);
      },
      // 5) Resend OTP: a new code; if that fails, back to the form with what was typed
      resend: async () => {
        const values = valuesOf(formData);
        const submission = parseWithZod(formData, { schema: customerFormSchema });
        if (submission.status !== "success") return answer({ step: "form", values, result: submission.reply() }, 400);
        return sendCode(values, MSG.customerCodeSent, submission);
      },
      // 4) the code verifies and registers; the list reloads after about 0.7 s
      verify: async () => {
        const values = valuesOf(formData);
        const submission = parseWithZod(formData, { schema: registerCustomerSchema });
        if (submission.status !== "success") {
          const onForm = Object.keys(submission.error ?? {}).some((name) => name !== "otp");
          if (onForm) return answer({ step: "form", values, result: submission.reply() }, 400);
          return answer(
            {
              step: "code",
              values,
              shownPhone: text(formData, "shownPhone"),
              result: submission.reply({ hideFields: ["otp"] }),
            },
            400,
          );
        }
        const result = await api.post(`auth/register/${encodeURIComponent(shopId)}`, submission.value);
        if (!result.success) {
          if (result.errors?.otp || !result.errors) {
            return answer(
              {
                step: "code",
                values,
                shownPhone: text(formData, "shownPhone"),
                result: replyWithApiRefusal(submission, result, ["otp"], { hideFields: ["otp"] }),
              },
              result.httpStatus,
            );
          }
          return answer(
            {
              step: "form",
              values,
              result: replyWithApiRefusal(submission, result, FORM_FIELDS),
              message: result.message,
            },
            result.httpStatus,
          );
        }
        return finished(result.message || MSG.customerRegistered);
      },
      // a found customer the shop does not know: a code to their phone, then their code makes them the shop's (ADR 0048)
      "confirm-send": () => sendConfirmation(confirmingOf(formData), null),
      "confirm-resend": () => sendConfirmation(confirmingOf(formData), MSG.customerConfirmCodeSent),
      confirm: async () => {
        const customer = confirmingOf(formData);
        const submission = parseWithZod(formData, { schema: confirmCustomerSchema });
        if (submission.status !== "success")
          return answer({ step: "confirm", customer, result: submission.reply({ hideFields: ["otp"] }) }, 400);
        const result = await api.post(
          `user/customer/${encodeURIComponent(customer.customerId)}/verify-otp`,
          submission.value,
        );
        if (!result.success)
          return answer(
            {
              step: "confirm",
              customer,
              result: replyWithApiRefusal(submission, result, ["otp"], { hideFields: ["otp"] }),
            },
            result.httpStatus,
          );
        return finished(result.message || MSG.customerConfirmed);
      },
    },
    () => answer({ step: "phone", result: { status: "error", error: { "": [MSG.somethingWrong] } } }, 400),
  );
}
