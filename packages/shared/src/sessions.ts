/** Session of spec §3, as listed on the settings screen. */
export interface Session {
  _id: string;
  device: string;
  browser: string;
  location: string;
  lastActive: string;
  current: boolean;
}

/** GET /sessions. */
export interface SessionsResponse {
  sessions: Session[];
}

/** Claims of a Flik access token: `sub` is the member, `sid` the session it belongs to. */
export interface TokenClaims {
  sub: string;
  sid: string;
  exp: number;
  iat: number;
}
