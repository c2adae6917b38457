import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Button, Flex, Link, Separator, Text } from "@radix-ui/themes";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Form } from "~/components/remix";
import { loginSchema } from "#contract/access/auth";
import { zodErrors } from "#server-shared/field-errors";
import { MSG } from "#contract/core/messages";
import { ApiClient, homeFor } from "~/services/api.server";
import { config } from "~/services/config.server";
import { ssoEnabled } from "~/services/sso.server";
import { isCrossSiteWrite } from "#server-shared/security";
import { Field } from "~/components/form/Field";
import { ToastRegion } from "~/components/layout/Toast";
import { safeRedirect } from "~/lib/redirect";

export const meta: MetaFunction = () => [{ title: "Sign in" }];
// the page's meta description (root renders it: app/lib/meta.ts)
export const handle = {
  description:
    "Sign in to the marketplace back office with your e-mail and password, a phone code, Google or Facebook.",
};

export async function loader(_: LoaderFunctionArgs) {
  return json({ sso: { google: ssoEnabled("google"), facebook: ssoEnabled("facebook") } });
}

// The sign-in page ships no form library: /auth/login has the tightest script budget (ARCHITECTURE §8),
// so the same contract schema is checked here on the server and its messages are rendered back.
export async function action({ request }: ActionFunctionArgs) {
  if (isCrossSiteWrite(request, config().PUBLIC_URL)) throw json({ message: MSG.crossSite }, { status: 403 });
  const formData = await request.formData();
  const email = String(formData.get("email") ?? "");
  const parsed = loginSchema.safeParse({ email, password: formData.get("password") ?? "" });
  if (!parsed.success) return json({ email, errors: zodErrors(parsed.error), refusal: null }, { status: 400 });
  const api = new ApiClient(request);
  const result = await api.post("auth/login", parsed.data);
  // spec 1 §8: a login error is the server's message in an error toast (the page's answer, so it shows without JavaScript)
  if (!result.success)
    return json(
      { email, errors: result.errors ?? {}, refusal: { type: "error" as const, message: result.message } },
      { status: result.httpStatus },
    );
  // the origin remembered when the guard sent the visitor here (spec 1 §2)
  const to = safeRedirect(formData.get("redirectTo"), homeFor(result.data.user));
  return redirect(to, { headers: api.headers });
}

export default function Login() {
  const { sso } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const redirectTo = params.get("redirectTo") ?? "";
  const errors: Record<string, string[] | undefined> = result?.errors ?? {};
  return (
    <Flex direction="column" gap="3">
      <ToastRegion toast={result?.refusal ?? null} />
      <Text as="p" size="3" color="gray" align="center">
        Sign in to the console
      </Text>
      <Form method="post" id="login" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          errors={errors.email}
          errorId="login-email-error"
          inputProps={{
            id: "login-email",
            name: "email",
            type: "email",
            required: true,
            defaultValue: result?.email ?? "",
            autoComplete: "username",
            autoFocus: true,
          }}
        />
        <Field
          label="Password"
          errors={errors.password}
          errorId="login-password-error"
          inputProps={{
            id: "login-password",
            name: "password",
            type: "password",
            required: true,
            autoComplete: "current-password",
          }}
        />
        <Button type="submit" size="3" mt="3" style={{ width: "100%" }} loading={navigation.state === "submitting"}>
          Sign in
        </Button>
      </Form>
      <Separator size="4" />
      <Flex direction="column" gap="2">
        <Button asChild variant="soft" size="3">
          <a href={`/auth/shopkeeper/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}>
            Shop sign-in with phone code
          </a>
        </Button>
        {sso.google ? (
          <Form method="post" action="/auth/google">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" size="3" style={{ width: "100%" }}>
              Continue with Google
            </Button>
          </Form>
        ) : null}
        {sso.facebook ? (
          <Form method="post" action="/auth/facebook">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" size="3" style={{ width: "100%" }}>
              Continue with Facebook
            </Button>
          </Form>
        ) : null}
      </Flex>
      <Text size="1" color="gray" align="center">
        By signing in you agree to the <Link href="/terms">Terms &amp; Conditions</Link>.
      </Text>
    </Flex>
  );
}
