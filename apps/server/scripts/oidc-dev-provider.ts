/**
 * `npm run oidc:dev`: the tests' OpenID provider (oidc-provider, its development login: any login and
 * any password sign in) on a fixed port, to try external sign-in on your own machine without an Auth0
 * or Keycloak account. Start it, then start Flik with the settings it prints.
 */
import { startTestProvider } from "../src/test/oidc-test-provider.js";

const port = Number(process.env.OIDC_DEV_PORT ?? 4010);
const flik = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const provider = await startTestProvider({
  port,
  host: "localhost",
  clientId: "flik-dev",
  redirectUris: [`${flik}/auth/callback`],
});
console.log(`OpenID provider for development at ${provider.issuer} (any login, any password).
Start Flik with:
  OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=${provider.clientId} OIDC_NAME="Dev ID" npm start
Ctrl-C stops it.`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
