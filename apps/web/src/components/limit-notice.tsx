import { textLength } from "@flik/shared";

/** Why a full box takes no more: "Messages can be up to 4,000 characters." */
export const limitText = (what: string, max: number) =>
  `${what} can be up to ${max.toLocaleString("en-US")} characters.`;

/** Whether a box under a limit of `max` characters holds all it may: it then takes nothing more. */
export function atTextLimit(text: string, max: number): boolean {
  // Code points never outnumber UTF-16 units: a shorter text is under the limit without counting.
  return text.length >= max && textLength(text) >= max;
}

/**
 * Why a full text box took no more (a long paste is cut to the limit, a key does nothing): said beside
 * the box and to screen readers, gone once the text is shorter. The box's description, kept in the page
 * while empty: a live region put in with its words is not announced by every screen reader. Not a
 * status role: a refusal said in the box's place (a chat's) is its screen's status.
 */
export function LimitNotice({
  id,
  text,
  full,
  className,
}: {
  id: string;
  /** `limitText`'s words for this box. */
  text: string;
  full: boolean;
  className: string;
}) {
  return (
    <p id={id} aria-live="polite" className={full ? className : undefined}>
      {full ? text : ""}
    </p>
  );
}
