import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { openTestDatabase } from "./test/database.js";
import { buildTestApp, sqlLog, testConfig } from "./test/helper.js";
import { tempDir } from "./test/temp-dir.js";

const webDist = tempDir("web");
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Flik</title><div id=root></div>");
mkdirSync(join(webDist, "assets"));
writeFileSync(join(webDist, "assets", "index-abc123.js"), "console.log('flik')");

const { app, database } = await buildTestApp({ webDist });

describe("the app", () => {
  it("answers its health with the database engine, without a query, and a deep check with one", async () => {
    const before = sqlLog.length;
    const response = await app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: database.engine });
    expect(sqlLog.length).toBe(before);

    const deep = await app.inject({ url: "/api/health/deep" });
    expect(deep.statusCode).toBe(200);
    expect(deep.json()).toEqual({ status: "ok", database: database.engine });
    expect(sqlLog.slice(before)).toEqual(["select 1"]);
  });

  it("answers 503 from both checks once the database is gone", async () => {
    const gone = await openTestDatabase();
    const other = await buildApp(testConfig(), { database: gone });
    try {
      await gone.close();
      for (const url of ["/api/health", "/api/health/deep"]) {
        const response = await other.app.inject({ url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: "unavailable", message: "The database does not answer" });
      }
    } finally {
      await other.app.close();
    }
  });

  it("serves the web app for any page path, so the app can show its own 404", async () => {
    for (const url of [
      "/",
      "/login",
      "/profile/alice",
      "/profile/maya.travels",
      "/no/such/page?x=1",
      `/${"x".repeat(300)}`,
      `/profile/${"y".repeat(5000)}`,
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain("<div id=root>");
    }
  });

  it("serves hashed assets with immutable cache headers", async () => {
    const response = await app.inject({ url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers an unknown API path or a missing asset with a JSON 404", async () => {
    for (const [method, url] of [
      ["GET", "/api/nope"],
      ["POST", "/api/auth/nope"],
      ["GET", "/api"],
      ["GET", "/assets/missing.js"],
      ["GET", "/missing-icon.png"],
      ["DELETE", "/login"],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.stringContaining("Not found") });
    }
  });

  it("answers an API path segment too long for its route with 414 on every method, as the router does", async () => {
    for (const method of ["GET", "HEAD", "DELETE", "PUT"] as const) {
      const response = await app.inject({ method, url: `/api/posts/${"x".repeat(300)}` });
      expect(response.statusCode, method).toBe(414);
      if (method !== "HEAD") expect(response.json()).toEqual({ message: "That address is too long." });
    }
  });

  it("sends security headers and a CSP, and a request id", async () => {
    const response = await app.inject({ url: "/" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
