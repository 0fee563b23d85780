import type { RouteObject } from "react-router";
import { ComingSoonScreen } from "../features/layout/screens/coming-soon-screen";

/** Signed-in screens that later issues build; each says what it will be and shows no made-up data. */
const comingSoon: { path: string; title: string; description: string }[] = [
  { path: "search", title: "Search", description: "Finding people and posts is coming soon." },
];

export const comingSoonRoutes: RouteObject[] = comingSoon.map(({ path, title, description }) => ({
  path,
  element: <ComingSoonScreen title={title} description={description} />,
}));
