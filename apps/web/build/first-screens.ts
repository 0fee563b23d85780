import { resolve } from "node:path";
import type { Plugin } from "vite";

type CodeSplittingGroup = {
  name: string;
  priority: number;
  tags?: ["$initial"];
  test?: (id: string) => boolean;
};

/**
 * Splits the build for the two first loads that matter (bench/check-bytes.mjs holds their limits):
 *
 * - the sign-in pages load the entry chunk alone: everything the entry imports statically;
 * - a signed-in visit adds one chunk, "signed-in": everything the given roots (the session guard, the
 *   frame and the home feed) import statically and the sign-in pages did not already load.
 *
 * The walk follows static imports, a package's index included, so it finds more than the roots use
 * (tree-shaking drops the rest later); it stops at modules matching `leaveOut` and at modules that
 * import one (a shared file of zod schemas), which then stay with the screens that really use them.
 *
 * Every other screen stays in chunks of its own, loaded on its first visit. Left to the bundler, the
 * signed-in modules came in about thirty small shared chunks, and each response's headers (about 1.1 KB
 * with the security headers) cost more than many of the chunks themselves.
 */
export function firstScreens(webRoot: string, roots: string[], { leaveOut }: { leaveOut: RegExp }) {
  const rootIds = roots.map((path) => resolve(webRoot, path));
  const signedIn = new Set<string>();

  const plugin: Plugin = {
    name: "flik-first-screens",
    apply: "build",
    buildEnd() {
      signedIn.clear();
      const missing = rootIds.filter((id) => !this.getModuleInfo(id));
      if (missing.length > 0) this.error(`first-screens: ${missing.join(", ")} not in the build`);
      const pending = [...rootIds];
      while (pending.length > 0) {
        const id = pending.pop() as string;
        const imported = this.getModuleInfo(id)?.importedIds ?? [];
        if (signedIn.has(id) || leaveOut.test(id) || imported.some((child) => leaveOut.test(child))) continue;
        signedIn.add(id);
        pending.push(...imported);
      }
    },
  };

  const groups: CodeSplittingGroup[] = [
    // Taken first, so "signed-in" never holds what the entry needs (the entry would then import it).
    { name: "index", priority: 2, tags: ["$initial"] },
    { name: "signed-in", priority: 1, test: (id) => signedIn.has(id) },
  ];
  return { plugin, groups };
}
