import { lazyPart } from "../../layout/components/lazy-part";
import type { BlockDialog as BlockDialogType } from "./block-dialog";

// Loaded on the first Block: the feed's first screen does not carry the dialog and what a block updates.
const BlockDialog = lazyPart(async () => (await import("./block-dialog")).BlockDialog);

/** The block confirmation, its code fetched when first opened; closed again if it can't be. */
export function LazyBlockDialog(props: Parameters<typeof BlockDialogType>[0]) {
  return <BlockDialog {...props} onUnavailable={props.onClose} />;
}
