import type { RouteObject } from "react-router";
import { PublicOnlyRoute } from "../features/auth/components/public-only-route";
import { SignInScreen } from "../features/auth/screens/sign-in-screen";
import { SignUpScreen } from "../features/auth/screens/sign-up-screen";
import { isConversationOpen } from "../features/chat/chat-location";
import type { RouteHandle } from "../features/layout/route-handle";
import { RouteErrorScreen } from "../features/layout/screens/route-error-screen";
import { RootRoute, ScreenCodeLoading } from "./root-route";

/** A lazily loaded route's component: a screen, or the signed-in guard and frame around screens. */
async function screen<M extends Record<string, unknown>>(module: Promise<M>, name: keyof M & string) {
  return { Component: (await module)[name] as React.ComponentType };
}

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorScreen />,
    // Shown only while the first screen's code loads on a direct visit to a lazy route.
    hydrateFallbackElement: <ScreenCodeLoading />,
    children: [
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: "/", element: <SignUpScreen /> },
          { path: "/login", element: <SignInScreen /> },
        ],
      },
      // Loaded on its first visit: its forms' schemas (zod) stay out of the sign-in pages' script.
      {
        path: "/forgot",
        lazy: () => screen(import("../features/auth/screens/forgot-screen"), "ForgotScreen"),
      },
      // Where the OpenID provider sends the browser back (issue 19); public, and reached signed in too
      // when a member links a sign-in from Settings. Its OpenID client loads only here and on a click.
      {
        path: "/auth/callback",
        lazy: () => screen(import("../features/auth/screens/auth-callback-screen"), "AuthCallbackScreen"),
      },
      {
        // The guard holds the realtime connection (socket.io-client) and the frame every signed-in
        // feature's live updates: loaded with the first signed-in screen, never by the sign-in pages.
        lazy: () => screen(import("../features/auth/components/require-auth"), "RequireAuth"),
        children: [
          // Full screen, with its own bottom navigation (spec §2): outside the header-and-tabs frame.
          {
            path: "flicks",
            lazy: () => screen(import("../features/flicks/screens/flicks-screen"), "FlicksScreen"),
          },
          {
            path: "reel/:id",
            lazy: () => screen(import("../features/flicks/screens/reel-link-screen"), "ReelLinkScreen"),
          },
          {
            lazy: () => screen(import("../features/layout/components/app-layout"), "AppLayout"),
            children: [
              {
                // A screen that cannot be shown (its code failed to download, or it threw) says so in
                // its own place: the header and tabs stay, to go elsewhere.
                errorElement: <RouteErrorScreen framed />,
                children: [
                  // Screens load on first visit, so sign-in downloads only what it shows.
                  {
                    path: "profile",
                    lazy: () => screen(import("../features/profile/screens/profile-screen"), "ProfileScreen"),
                  },
                  {
                    path: "profile/:username",
                    lazy: () => screen(import("../features/profile/screens/profile-screen"), "ProfileScreen"),
                  },
                  {
                    path: "edit-profile",
                    lazy: () =>
                      screen(import("../features/profile/screens/edit-profile-screen"), "EditProfileScreen"),
                  },
                  {
                    path: "post",
                    lazy: () => screen(import("../features/posts/screens/feed-screen"), "FeedScreen"),
                  },
                  // Before post/:id, so "new" is never read as a post id.
                  {
                    path: "post/new",
                    lazy: () => screen(import("../features/posts/screens/new-post-screen"), "NewPostScreen"),
                  },
                  {
                    path: "post/:id",
                    lazy: () =>
                      screen(import("../features/posts/screens/post-link-screen"), "PostLinkScreen"),
                  },
                  {
                    path: "post/:username/:id",
                    lazy: () => screen(import("../features/posts/screens/post-screen"), "PostScreen"),
                  },
                  {
                    path: "chat",
                    handle: {
                      fillsScreen: true,
                      fullScreenOnPhone: isConversationOpen,
                    } satisfies RouteHandle,
                    lazy: () => screen(import("../features/chat/screens/chat-screen"), "ChatScreen"),
                  },
                  {
                    path: "notifications",
                    lazy: () =>
                      screen(
                        import("../features/notifications/screens/notifications-screen"),
                        "NotificationsScreen",
                      ),
                  },
                  {
                    path: "notifications/requests",
                    lazy: () =>
                      screen(
                        import("../features/follow-requests/screens/follow-requests-screen"),
                        "FollowRequestsScreen",
                      ),
                  },
                  {
                    path: "settings",
                    lazy: () =>
                      screen(import("../features/settings/screens/settings-screen"), "SettingsScreen"),
                  },
                  {
                    path: "search",
                    handle: { wide: true } satisfies RouteHandle,
                    lazy: () => screen(import("../features/search/screens/explore-screen"), "ExploreScreen"),
                  },
                  {
                    path: "tags/:name",
                    lazy: () => screen(import("../features/tags/screens/tag-screen"), "TagScreen"),
                  },
                ],
              },
            ],
          },
        ],
      },
      // Rare, so loaded when reached: the sign-in pages and the feed do not download it.
      {
        path: "*",
        lazy: () => screen(import("../features/layout/screens/not-found-screen"), "NotFoundScreen"),
      },
    ],
  },
];
