import { Component, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { toast } from "../../../lib/toast";
import { isScreenCodeMissing } from "../screens/route-error-screen";

/** What a part that could not be downloaded says; the screen under it stays as it was. */
export const PART_CODE_MISSING = "Couldn't open this. Check your connection and try again.";

interface PartBoundaryProps {
  onUnavailable: () => void;
  children: ReactNode;
}

/**
 * Catches a part's download failure alone: the part closes and a toast says why. Anything else the part
 * throws is the screen's to show ("Something went wrong"), so it is thrown on.
 */
class PartBoundary extends Component<PartBoundaryProps, { failed: { error: unknown } | null }> {
  override state: { failed: { error: unknown } | null } = { failed: null };

  static getDerivedStateFromError(error: unknown) {
    return { failed: { error } };
  }

  override componentDidCatch(error: unknown) {
    if (!isScreenCodeMissing(error)) return;
    toast.error(PART_CODE_MISSING, { toastId: "part-code-missing" });
    this.props.onUnavailable();
  }

  override render() {
    const { failed } = this.state;
    if (!failed) return this.props.children;
    if (!isScreenCodeMissing(failed.error)) throw failed.error;
    return null;
  }
}

/**
 * A part of a screen (a dialog, a viewer) whose code is fetched when it is first shown, so the screen's
 * first load does not carry it. When the code cannot be downloaded (offline, or a new version replaced
 * the files), the screen stays: the part calls `onUnavailable` (its caller closes it) and a toast says
 * so; the next opening downloads it again, since React keeps a failed `lazy` import for good.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const make = () => lazy(async () => ({ default: await load() }));
  let Loaded = make();
  return function LazyPart({ onUnavailable, ...props }: P & { onUnavailable: () => void }) {
    return (
      <PartBoundary
        onUnavailable={() => {
          Loaded = make();
          onUnavailable();
        }}
      >
        <Suspense fallback={null}>
          <Loaded {...(props as P)} />
        </Suspense>
      </PartBoundary>
    );
  };
}
