import http from "node:http";
import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { ADMIN, hydrated, signInByCookie } from "./support";

// Security from the start (ARCHITECTURE §1, §9): a nonce'd CSP that the real page lives with,
// the same protective headers on pages, assets and /api, and cross-site requests refused.

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records CSP violations two ways: the console's report and the DOM's securitypolicyviolation event. */
async function watchCsp(page: Page) {
  const messages: string[] = [];
  page.on("console", (m) => {
    if (/content security policy/i.test(m.text())) messages.push(m.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return { console: messages, events: () => page.evaluate(() => window.__cspViolations ?? []) };
}

/** The page's nonce from its CSP header, and every <script> start tag of the HTML as sent. */
async function scriptsAndNonce(response: APIResponse | Awaited<ReturnType<Page["goto"]>>) {
  const csp = response!.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const html = await response!.text();
  return { csp, nonce, scripts: html.match(/<script\b[^>]*>/g) ?? [] };
}

function expectProtectiveHeaders(response: APIResponse, opts: { document?: boolean } = {}) {
  const h = response.headers();
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  // framing refused by either header
  expect(h["content-security-policy"]?.includes("frame-ancestors 'none'") || h["x-frame-options"] === "DENY").toBe(
    true,
  );
  if (opts.document) {
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    expect(h["x-frame-options"]).toBe("DENY");
  }
}

test.describe("Content-Security-Policy on real pages", () => {
  test("/auth/login hydrates under its CSP: every script carries the header's nonce and nothing is blocked", async ({
    page,
  }) => {
    const csp = await watchCsp(page);
    const response = await page.goto("/auth/login");
    expect(response!.status()).toBe(200);
    const { nonce, scripts, csp: header } = await scriptsAndNonce(response);
    // scripts: ours and the nonce'd inline ones, never inline code or eval in general
    expect(header.split(";").map((d) => d.trim())).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    await hydrated(page);
    // exercise the scripted form (client-side validation) under the same policy
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByText("Please Enter Your Email")).toBeVisible();
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
  });

  test("a fresh nonce on every response", async ({ request }) => {
    const first = await scriptsAndNonce(await request.get("/auth/login"));
    const second = await scriptsAndNonce(await request.get("/auth/login"));
    expect(first.nonce).toBeTruthy();
    expect(second.nonce).toBeTruthy();
    expect(first.nonce).not.toBe(second.nonce);
  });

  test("/app/user-list, signed in, hydrates with the nonce'd scripts and no violation", async ({ page }) => {
    const csp = await watchCsp(page);
    await signInByCookie(page, ADMIN);
    // a full document load (the sign-in itself navigated client-side)
    const response = await page.goto("/app/user-list");
    expect(response!.status()).toBe(200);
    await expect(page).toHaveURL(/\/app\/user-list$/);
    const { nonce, scripts } = await scriptsAndNonce(response);
    expect(nonce).toBeTruthy();
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);
    await hydrated(page);
    await expect(page.getByTestId("user-name")).toHaveText("Ava Mitchell");
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
  });

  test("the policy is enforced: an injected script without the nonce does not run and is reported", async ({
    page,
  }) => {
    const csp = await watchCsp(page);
    await page.goto("/auth/login");
    await hydrated(page);
    const ran = await page.evaluate(async () => {
      const w = window as Window & { __injected?: boolean };
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      await new Promise((r) => requestAnimationFrame(r));
      return w.__injected === true;
    });
    expect(ran).toBe(false);
    await expect
      .poll(csp.events)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^script-src(-elem)? inline$/)]));
  });
});

test.describe("protective headers", () => {
  test("a page, an /assets file and /api all send nosniff, a Referrer-Policy and refuse framing", async ({
    request,
  }) => {
    const page = await request.get("/auth/login");
    expect(page.status()).toBe(200);
    expectProtectiveHeaders(page, { document: true });

    const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.status()).toBe(200);
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
    expectProtectiveHeaders(assetResponse);

    const api = await request.get("/api/openapi.json");
    expect(api.status()).toBe(200);
    expectProtectiveHeaders(api);
    expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");

    const signedOut = await request.get("/api/auth/isLoggedIn");
    expect(signedOut.status()).toBe(401);
    expectProtectiveHeaders(signedOut);
  });
});

test.describe("caching and request limits", () => {
  test("signed-in pages, their data requests and /api answers are never stored by a cache", async ({ page }) => {
    await signInByCookie(page, ADMIN);
    const doc = await page.request.get("/app/user-list");
    expect(doc.status()).toBe(200);
    expect(doc.headers()["cache-control"]).toBe("no-store");
    const data = await page.request.get("/app/user-list?_data=routes%2Fapp%2B%2Fuser-list");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("no-store");
    const api = await page.request.get("/api/auth/isLoggedIn");
    expect(api.status()).toBe(200);
    expect(api.headers()["cache-control"]).toBe("no-store");
  });

  test("TRACE gets 405 with the methods that are answered (a method Node does not know is its 400)", async ({
    request,
  }) => {
    for (const path of ["/auth/login", "/api/auth/isLoggedIn"]) {
      const res = await request.fetch(path, { method: "TRACE" });
      expect(res.status(), path).toBe(405);
      expect(res.headers()["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    }
    expect((await request.fetch("/auth/login", { method: "TRACK" })).status()).toBe(400);
  });

  test("a page's form post over 1 MB is refused with 413 before it is read, and an /api body with 413 too", async ({
    request,
  }) => {
    const big = "x".repeat(1024 * 1024 + 10);
    const page = await request.post("/auth/login", { form: { email: big, password: "x" } });
    expect(page.status()).toBe(413);
    expect(await page.text()).toContain("The request is too large");
    const api = await request.post("/api/auth/login", { data: { email: big, password: "x" } });
    expect(api.status()).toBe(413);
    expect((await api.json()).message).toBe(
      "The request is too large (at most 1 MB; files go through the upload calls)",
    );
  });

  test("an /api body sent in chunks past 1 MB is answered 413 with the envelope, not a connection reset", async ({
    baseURL,
  }) => {
    const url = new URL("/api/auth/login", baseURL);
    // a raw request: no declared length, 3 MB in 64 kB chunks, the answer read while the body is still going out
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = http.request(
          url,
          { method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (part: string) => (body += part));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
          },
        );
        req.on("error", reject);
        req.write('{"email":"');
        const chunk = "a".repeat(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent < 48) {
            sent += 1;
            if (!req.write(chunk)) return void req.once("drain", more);
          }
          req.end('","password":"x"}');
        };
        more();
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    expect(JSON.parse(answer.body)).toMatchObject({
      success: false,
      message: "The request is too large (at most 1 MB; files go through the upload calls)",
    });
  });
});

test.describe("cross-site requests", () => {
  test("a POST to /auth/login from another origin is refused with 403 and signs nobody in", async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    const form = { email: ADMIN.email, password: ADMIN.password, redirectTo: "" };

    const evil = await request.post("/auth/login", {
      form,
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(evil.status()).toBe(403);
    expect(evil.headers()["set-cookie"] ?? "").not.toContain("ls_session=");
    expect((await request.get("/api/auth/isLoggedIn")).status()).toBe(401);

    // the same form from our own origin signs in: the Origin alone made the difference
    const own = await request.post("/auth/login", {
      form,
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(own.status()).toBe(302);
    expect(own.headers()["location"]).toBe("/app/user-list");
    expect((await request.get("/api/auth/isLoggedIn")).status()).toBe(200);
    await request.dispose();
  });

  test("a real browser submitting a form from another site to /auth/login gets 403 and stays signed out", async ({
    page,
    baseURL,
  }) => {
    // a page on another site, served by the test: the browser sets Origin and Sec-Fetch-Site itself
    // (http, as an https page posting to http would send `Origin: null`)
    await page.route("http://evil.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><form method="post" action="${baseURL}/auth/login">
          <input name="email" value="${ADMIN.email}"><input name="password" value="${ADMIN.password}">
          <button type="submit">Win a prize</button></form>`,
      }),
    );
    await page.goto("http://evil.example/prize");
    const [response] = await Promise.all([
      page.waitForResponse(`${baseURL}/auth/login`),
      page.getByRole("button", { name: "Win a prize" }).click(),
    ]);
    expect((await response.request().allHeaders())["origin"]).toBe("http://evil.example");
    expect(response.status()).toBe(403);
    expect((await page.context().cookies(baseURL)).map((c) => c.name)).not.toContain("ls_session");
    await page.goto(`${baseURL}/app/user-list`);
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fapp%2Fuser-list$/);
  });

  test("GET /api/auth/logout marked cross-site is refused and the session lives on", async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({ baseURL });
    const login = await request.post("/api/auth/login", { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);

    const refused = await request.get("/api/auth/logout", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe("Cross-site request refused");
    expect((await request.get("/api/auth/isLoggedIn")).status()).toBe(200);

    // from our own site the same call signs out
    const allowed = await request.get("/api/auth/logout", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(allowed.status()).toBe(200);
    expect((await allowed.json()).message).toBe("Logout Successfully");
    expect((await request.get("/api/auth/isLoggedIn")).status()).toBe(401);
    await request.dispose();
  });
});

test.describe("API reference", () => {
  test("/api/docs shows the reference and loads nothing from another host", async ({ page, baseURL }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const csp = await watchCsp(page);
    const response = await page.goto("/api/docs");
    expect(response!.status()).toBe(200);
    await expect(page.locator(".swagger-ui .info .title")).toContainText("back-office API");
    await expect(page.locator(".opblock-summary-path", { hasText: "/auth/login" }).first()).toBeVisible();
    const origin = new URL(baseURL!).origin;
    expect(requests).toContain(`${origin}/api/openapi.json`);
    const elsewhere = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);
    expect(elsewhere).toEqual([]);
    expect(await csp.events()).toEqual([]);
    expect(csp.console).toEqual([]);
  });
});
