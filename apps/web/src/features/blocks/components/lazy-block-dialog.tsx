import { lazy, Suspense } from "react";
import type { BlockDialog as BlockDialogType } from "./block-dialog";

// Loaded on the first Block: the feed's first screen does not carry the dialog and what a block updates.
const BlockDialog = lazy(() => import("./block-dialog").then((module) => ({ default: module.BlockDialog })));

/** The block confirmation, its code fetched when first opened. */
export function LazyBlockDialog(props: Parameters<typeof BlockDialogType>[0]) {
  return (
    <Suspense fallback={null}>
      <BlockDialog {...props} />
    </Suspense>
  );
}
