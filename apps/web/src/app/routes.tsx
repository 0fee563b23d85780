import type { RouteObject } from "react-router";
import { PublicOnlyRoute } from "../features/auth/components/public-only-route";
import { RequireAuth } from "../features/auth/components/require-auth";
import { ForgotScreen } from "../features/auth/screens/forgot-screen";
import { SignInScreen } from "../features/auth/screens/sign-in-screen";
import { SignUpScreen } from "../features/auth/screens/sign-up-screen";
import { AppLayout } from "../features/layout/components/app-layout";
import { NotFoundScreen } from "../features/layout/screens/not-found-screen";
import { RouteErrorScreen } from "../features/layout/screens/route-error-screen";
import { FeedScreen } from "../features/posts/screens/feed-screen";
import { NewPostScreen } from "../features/posts/screens/new-post-screen";
import { PostLinkScreen } from "../features/posts/screens/post-link-screen";
import { PostScreen } from "../features/posts/screens/post-screen";
import { OwnProfileScreen } from "../features/profile/screens/own-profile-screen";
import { comingSoonRoutes } from "./coming-soon-routes";
import { RootRoute } from "./root-route";

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: "/", element: <SignUpScreen /> },
          { path: "/login", element: <SignInScreen /> },
        ],
      },
      { path: "/forgot", element: <ForgotScreen /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: "profile", element: <OwnProfileScreen /> },
              { path: "post", element: <FeedScreen /> },
              // Before post/:id, so "new" is never read as a post id.
              { path: "post/new", element: <NewPostScreen /> },
              { path: "post/:id", element: <PostLinkScreen /> },
              { path: "post/:username/:id", element: <PostScreen /> },
              ...comingSoonRoutes,
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundScreen /> },
    ],
  },
];
