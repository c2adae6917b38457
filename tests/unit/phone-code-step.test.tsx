import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { routerMarkup } from "./router-markup";
import { PhoneCodeStep } from "../../app/components/verification/PhoneCodeStep";

// The phone-code step as the server renders it (no JavaScript): what each answer of the action shows.

const step = (props: { lastResult?: SubmissionResult<string[]>; resendError?: string | null }) => (
  <PhoneCodeStep
    id="verify-otp"
    verify={{ intent: "verify", carried: <input type="hidden" name="mobile" value="400000002" /> }}
    resend={{ intent: "send", carried: <input type="hidden" name="mobile" value="400000002" /> }}
    {...props}
  />
);

describe("PhoneCodeStep", () => {
  it("offers the code and Verify, and Resend OTP, each posting its intent and what it carries", async () => {
    const html = await routerMarkup(step({}));
    expect(html).toContain('name="intent" value="verify"');
    expect(html).toContain('name="intent" value="send"');
    expect(html.match(/name="mobile" value="400000002"/g)).toHaveLength(2);
    expect(html).toContain('name="otp"');
    expect(html).toContain(">Verify</");
    expect(html).toContain(">Resend OTP</");
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("data-refused");
  });

  it("shows a refused code's message on the code, and a refusal of the form above Verify", async () => {
    const refusedCode = await routerMarkup(
      step({ lastResult: { status: "error", initialValue: { otp: "111111" }, error: { otp: ["Invalid OTP"] } } }),
    );
    expect(refusedCode).toContain("Invalid OTP");
    expect(refusedCode).toContain('aria-invalid="true"');
    expect(refusedCode).toContain("data-refused");

    const refusedForm = await routerMarkup(
      step({ lastResult: { status: "error", initialValue: {}, error: { "": ["Invalid phone number"] } } }),
    );
    expect(refusedForm).toContain("Invalid phone number");
    expect(refusedForm).not.toContain('aria-invalid="true"');
  });

  it("says why a code could not be sent again", async () => {
    expect(await routerMarkup(step({ resendError: "Failed to send OTP" }))).toContain("Failed to send OTP");
  });
});
