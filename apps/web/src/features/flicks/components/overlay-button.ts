const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** A round icon button readable on any video frame, with a focus ring that shows on dark and light. */
export const overlayButton = `flex size-12 shrink-0 items-center justify-center rounded-full text-white drop-shadow-[0_1px_3px_rgba(0,0,0,0.6)] transition hover:bg-white/10 active:scale-90 ${focusRing}`;

/** Beside the video from 1024px, on plain black: a soft disc marks each button there. */
export const actionButton = `${overlayButton} lg:bg-white/10 lg:drop-shadow-none lg:hover:bg-white/20`;

/** On the video's top edge, where a bright frame would swallow a bare white icon. */
export const topBarButton = `flex size-10 shrink-0 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm transition hover:bg-black/50 active:scale-90 ${focusRing}`;
