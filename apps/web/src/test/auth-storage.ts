import { saveAuth } from "../lib/storage";
import { makeToken } from "./fixtures";

/** Alice, signed in with a live token whose session id is `sid`. */
export function signInAsAlice(sid = "s-alice-1"): string {
  const token = makeToken({ sub: "u-alice", sid });
  saveAuth({ token, userId: "u-alice", username: "alice" });
  return token;
}
