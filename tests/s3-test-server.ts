import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no type declarations
import S3rver from "s3rver";
import { testApi } from "./api-harness";

/**
 * An S3-compatible store (s3rver, bucket "liveshop") on a free port, and a test API whose storage is that bucket. The
 * uploads tests run the S3 path against it; `close` stops both and removes the bucket's folder.
 */
export async function s3TestApi() {
  // the SDK's notice about future Node versions is for operators, not for a test's output
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const dir = await mkdtemp(path.join(tmpdir(), "liveshop-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: "liveshop" }],
  }) as {
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  };
  const { port } = await server.run();
  const base = `http://127.0.0.1:${port}`;
  const api = await testApi({
    S3_BUCKET: "liveshop",
    S3_ENDPOINT: base,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  return {
    api,
    base,
    async close() {
      await api.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
