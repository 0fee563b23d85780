import { useLocation, useNavigate } from "react-router";
import { ArrowLeftIcon, VolumeIcon, VolumeOffIcon } from "../../../components/icons";
import { canGoBackInFlik } from "../../../lib/can-go-back";
import { topBarButton } from "./overlay-button";

interface FlicksTopBarProps {
  /** null while there is nothing to play, which hides the sound button. */
  muted: boolean | null;
  onToggleMute: () => void;
}

/**
 * Back (spec §2), the screen's name and the sound switch, over the top of the video column (centred in
 * the window, or from 1024px beside the 15rem rail, as the column is).
 */
export function FlicksTopBar({ muted, onToggleMute }: FlicksTopBarProps) {
  const navigate = useNavigate();
  const { key } = useLocation();
  return (
    <header className="pointer-events-none fixed top-0 left-1/2 z-20 flex w-full max-w-full -translate-x-1/2 items-center justify-between bg-linear-to-b from-black/55 via-black/25 to-transparent px-3 lg:rounded-t-2xl pt-[calc(0.75rem+env(safe-area-inset-top))] pb-6 sm:w-[calc(100dvh*9/16)] lg:top-4 lg:left-[calc(50%+7.5rem)] lg:w-[calc((100dvh-2rem)*9/16)]">
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label="Back"
          onClick={() => (canGoBackInFlik(key) ? navigate(-1) : navigate("/post"))}
          className={`${topBarButton} pointer-events-auto`}
        >
          <ArrowLeftIcon className="size-6" />
        </button>
        <h1 className="text-lg font-bold tracking-tight text-white drop-shadow-[0_1px_3px_rgba(0,0,0,0.6)]">
          Flicks
        </h1>
      </div>
      {muted !== null && (
        <button
          type="button"
          aria-label={muted ? "Unmute" : "Mute"}
          onClick={onToggleMute}
          className={`${topBarButton} pointer-events-auto`}
        >
          {muted ? <VolumeOffIcon className="size-6" /> : <VolumeIcon className="size-6" />}
        </button>
      )}
    </header>
  );
}
