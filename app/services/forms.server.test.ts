import { describe, expect, it } from "vitest";
import { formRefused, peekIntent } from "./forms.server";

describe("formRefused", () => {
  const result = { status: "error" as const, error: { name: ["Please Enter Name"] } };

  it("answers conform's reply with the refusal's status and the API's headers", async () => {
    const headers = new Headers({ "Set-Cookie": "a=1" });
    const response = formRefused(result, 422, headers);
    expect(response.status).toBe(422);
    expect(response.headers.get("Set-Cookie")).toBe("a=1");
    expect(await response.json()).toEqual({ result });
  });

  it("sends what the page shows beside the form with it", async () => {
    const response = formRefused(result, 400, new Headers(), { intent: "tax", key: "k" });
    expect(await response.json()).toEqual({ intent: "tax", key: "k", result });
  });
});

describe("peekIntent", () => {
  const url = "http://shop.test/app/edit-campaign/1?dialog=view&id=2";
  const post = (body: BodyInit, headers?: HeadersInit) => new Request(url, { method: "POST", body, headers });
  const form = (fields: [string, string | Blob][]) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return data;
  };
  const video = new Blob([new Uint8Array(3 * 1024 * 1024).fill(7)], { type: "video/mp4" });

  it("reads a multipart post's intent when it is the first field, and leaves the whole body to the page", async () => {
    const request = post(
      form([
        ["intent", "send"],
        ["text", "Hello"],
        ["file", new File([video], "clip.mp4")],
      ]),
    );
    expect(await peekIntent(request)).toBe("send");
    const read = await request.formData();
    expect(read.get("text")).toBe("Hello");
    expect((read.get("file") as File).size).toBe(video.size);
  });

  it("is null for a multipart post whose first field is not the intent (a campaign form's upload)", async () => {
    const request = post(
      form([
        ["title", "Summer"],
        ["thumbnail", new File([video], "a.png")],
        ["intent", "send"],
      ]),
    );
    expect(await peekIntent(request)).toBeNull();
    expect((await request.formData()).get("title")).toBe("Summer");
  });

  it("is null for a multipart post that starts with a file", async () => {
    const request = post(
      form([
        ["file", new File([video], "intent")],
        ["intent", "send"],
      ]),
    );
    expect(await peekIntent(request)).toBeNull();
  });

  it("finds the first field when the body arrives in small pieces", async () => {
    const whole = new Uint8Array(
      await new Request(url, {
        method: "POST",
        body: form([
          ["intent", "mute"],
          ["userId", "u1"],
        ]),
      }).arrayBuffer(),
    );
    const type = new Request(url, { method: "POST", body: form([]) }).headers.get("content-type")!;
    // the same body's boundary: take it from the bytes themselves
    const boundary = new TextDecoder().decode(whole.slice(2, whole.indexOf(13)));
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < whole.length; i += 7) controller.enqueue(whole.slice(i, i + 7));
        controller.close();
      },
    });
    const request = new Request(url, {
      method: "POST",
      body: pieces,
      headers: { "content-type": type.replace(/boundary=.*/, `boundary=${boundary}`) },
      duplex: "half",
    } as RequestInit);
    expect(await peekIntent(request)).toBe("mute");
    expect((await request.formData()).get("userId")).toBe("u1");
  });

  it("reads any field of a urlencoded post and leaves the body to the page", async () => {
    const request = post(new URLSearchParams({ messageId: "m1", intent: "delete-message" }));
    expect(await peekIntent(request)).toBe("delete-message");
    expect((await request.formData()).get("messageId")).toBe("m1");
  });

  it("is null for a post without a form", async () => {
    expect(
      await peekIntent(post(JSON.stringify({ intent: "send" }), { "content-type": "application/json" })),
    ).toBeNull();
    expect(await peekIntent(new Request(url, { method: "POST" }))).toBeNull();
  });
});
