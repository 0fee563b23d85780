// A Flik server of our own on the demo's data folder, and a small client for its HTTP API: the demo
// community is made through the same calls (and the same media upload) as the web app makes.
import { startFlik } from "../flik-server.mjs";
import { repoRoot } from "../server-modules.mjs";

/**
 * Starts apps/server/dist/main.js on the folder the way the benchmark does (rate limits high enough for
 * a scripted community), and answers its address and stop().
 */
export const startServer = ({ dataDir, databaseUrl }) =>
  startFlik({ serverRoot: repoRoot, dataDir, databaseUrl });

/** Calls the API as one member (or as nobody before sign-in); a refusal throws with the server's message. */
export function apiClient(base, token) {
  async function call(method, path, body) {
    const init = { method, headers: {} };
    if (token) init.headers.authorization = `Bearer ${token}`;
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(`${base}${path}`, init);
    const text = await response.text();
    const answer = text ? JSON.parse(text) : {};
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${answer.message ?? text}`);
    return answer;
  }
  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body),
    put: (path, body) => call("PUT", path, body),
    as: (memberToken) => apiClient(base, memberToken),

    /** The media host protocol, as the web app's uploadMedia sends it: multipart `file` + `upload_preset`. */
    upload(kind, bytes, { name, type }) {
      const form = new FormData();
      form.append("file", new Blob([bytes], { type }), name);
      form.append("upload_preset", process.env.MEDIA_UPLOAD_PRESET || "flik");
      return call("POST", `/api/media/${kind}/upload`, form);
    },
  };
}
