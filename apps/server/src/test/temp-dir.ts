import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An empty folder that is removed again when the test file is done. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `flik-${prefix}-`));
  made.push(dir);
  return dir;
}
