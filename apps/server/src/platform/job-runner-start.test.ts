import Fastify from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JOB_RUNNER_START_DELAY_MS, startJobsOnceAnswering } from "./job-runner-start.js";

/** A server answering one route, and a job runner that counts its starts. */
function serverWithJobs(start: () => Promise<void> = async () => {}) {
  const app = Fastify();
  app.get("/api/health", async () => ({ status: "ok" }));
  const jobs = { start: vi.fn(start) };
  const started = startJobsOnceAnswering(app, jobs);
  return { app, jobs, started };
}

describe("startJobsOnceAnswering", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers requests first and starts the job runner a second after the server listens", async () => {
    const { app, jobs, started } = serverWithJobs();
    await app.listen({ port: 0, host: "127.0.0.1" });
    await vi.advanceTimersByTimeAsync(JOB_RUNNER_START_DELAY_MS - 1);
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect(jobs.start).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(jobs.start).toHaveBeenCalledTimes(1);
    await expect(started).resolves.toBeUndefined();
    await app.close();
    expect(jobs.start).toHaveBeenCalledTimes(1);
  });

  it("never starts the runner of a server that closes first, or of an app that never listens", async () => {
    const closedFirst = serverWithJobs();
    await closedFirst.app.listen({ port: 0, host: "127.0.0.1" });
    await closedFirst.app.close();
    await expect(closedFirst.started).resolves.toBeUndefined();

    const neverListening = serverWithJobs();
    await neverListening.app.ready();
    await vi.advanceTimersByTimeAsync(10 * JOB_RUNNER_START_DELAY_MS);
    expect(closedFirst.jobs.start).not.toHaveBeenCalled();
    expect(neverListening.jobs.start).not.toHaveBeenCalled();
    await neverListening.app.close();
  });

  it("stops the server when the runner cannot start, with the runner's error", async () => {
    const { app, started } = serverWithJobs(async () => {
      throw new Error("the job tables are locked");
    });
    const fatal = vi.spyOn(app.log, "fatal");
    await app.listen({ port: 0, host: "127.0.0.1" });
    const outcome = expect(started).rejects.toThrow("the job tables are locked");
    await vi.advanceTimersByTimeAsync(JOB_RUNNER_START_DELAY_MS);
    await outcome;
    expect(app.server.listening).toBe(false);
    expect(fatal).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      "the job runner could not start",
    );
  });
});
