import { afterAll } from "vitest";
import { tempDir } from "./temp-dir.js";

/**
 * An S3-compatible server for the media storage's tests (s3rver, from the registry), on a free port of
 * loopback with one empty bucket, its objects in a temporary folder; closed when the test file ends.
 */
export async function startS3(bucket = "flik-media") {
  const { default: S3rver } = await import("s3rver");
  const objectsDir = tempDir("s3");
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: objectsDir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  let running = true;
  /** Closes the bucket's server (a bucket that stops answering); closed anyway when the file ends. */
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  afterAll(stop);
  return {
    objectsDir,
    stop,
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      // s3rver's fixed credentials; it checks the signature made with them.
      accessKeyId: "S3RVER" as string | undefined,
      secretAccessKey: "S3RVER" as string | undefined,
    },
  };
}
