/**
 * The explore cards' own content (spec §2: local data): thoughts and facts for the card of the day, and
 * the team's music picks. Written here, shown as written, and never presented as anyone's post.
 */

export interface Thought {
  kind: "Thought" | "Fact";
  text: string;
  /** Who said it (thoughts); facts stand alone. */
  by?: string;
}

export const THOUGHTS: readonly Thought[] = [
  { kind: "Thought", text: "The best camera is the one you have with you.", by: "Chase Jarvis" },
  { kind: "Fact", text: "The first photograph ever taken needed an exposure of about eight hours." },
  { kind: "Thought", text: "Creativity is intelligence having fun.", by: "Anonymous" },
  { kind: "Fact", text: "Honey never spoils: jars found in ancient Egyptian tombs were still edible." },
  { kind: "Thought", text: "Do what you can, with what you have, where you are.", by: "Theodore Roosevelt" },
  { kind: "Fact", text: "Octopuses have three hearts, and two of them stop while they swim." },
  { kind: "Thought", text: "A smile is a curve that sets everything straight.", by: "Phyllis Diller" },
  { kind: "Fact", text: "A day on Venus is longer than its year." },
  { kind: "Thought", text: "Start where you are. Use what you have. Do what you can.", by: "Arthur Ashe" },
  { kind: "Fact", text: "Bananas are berries, and strawberries are not." },
];

/** Spec §9: the thought or fact of the day changes every 30 s. */
export const THOUGHT_ROTATION_MS = 30_000;

export interface MusicPick {
  title: string;
  artist: string;
  /** The tag its posts would carry: the pick links to that tag's page. */
  tag: string;
  /** The cover's colours (Tailwind gradient stops): no image to load, no artwork to license. */
  cover: string;
}

export const MUSIC_PICKS: readonly MusicPick[] = [
  {
    title: "Midnight Drive",
    artist: "Neon Harbor",
    tag: "synthwave",
    cover: "from-fuchsia-500 to-indigo-600",
  },
  { title: "Slow Mornings", artist: "Paper Lanterns", tag: "lofi", cover: "from-amber-300 to-rose-400" },
  { title: "Ocean Lines", artist: "Tidal Club", tag: "indie", cover: "from-sky-400 to-teal-500" },
  { title: "Golden Hour", artist: "The Polaroids", tag: "pop", cover: "from-orange-400 to-pink-500" },
];
