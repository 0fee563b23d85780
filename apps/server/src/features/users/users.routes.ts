import {
  authSearchQuery,
  type MediaBodies,
  type ProfileResponse,
  pageQuery,
  privacyBody,
  type UserResponse,
  updateUserBody,
  usernameParams,
  userSearchQuery,
} from "@flik/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

import { JSON_TEXT, type KeptAnswers } from "../../platform/kept-answers.js";
import { perMemberRateLimit } from "../../platform/rate-limits.js";
import type { PostsService } from "../posts/posts.service.js";
import type { UsersService } from "./users.service.js";

const PROFILE_POSTS_PAGE = 30;
/** Each change of privacy is told to every open tab (memberPrivacyChanged). */
const PRIVACY_CHANGES_PER_MINUTE = 20;

export function usersRoutes(deps: {
  users: UsersService;
  posts: PostsService;
  /** Profiles kept on this node as their viewers were answered. */
  kept: KeptAnswers;
  /** Searches a member may make per minute, on each search route. */
  searchesPerMinute: number;
  /** Hold a new avatar's URL to the media host in use (issue 20). */
  bodies: MediaBodies;
}): FastifyPluginAsyncZod {
  const { users, posts, kept } = deps;
  const { updateProfileBody } = deps.bodies;
  const searchLimit = perMemberRateLimit(deps.searchesPerMinute);
  const privacyLimit = perMemberRateLimit(PRIVACY_CHANGES_PER_MINUTE);
  return async (app) => {
    // GET /user is asked on every page load and mostly answered from the account cache, whose
    // accounts are frozen and shared: each one's answer is written out once, not on every ask.
    const answers = new WeakMap<UserResponse["user"], string>();
    const me = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await users.me(request.caller);
      let answer = answers.get(user);
      if (answer === undefined) {
        answer = JSON.stringify({ user } satisfies UserResponse);
        if (Object.isFrozen(user)) answers.set(user, answer);
      }
      return reply.type(JSON_TEXT).send(answer);
    };
    app.get("/user", me);
    app.get("/user/search", { schema: { querystring: userSearchQuery }, config: searchLimit }, (request) =>
      users.search(request.caller, { text: request.query.q, ...request.query }),
    );
    // Spec §7's other address of the same search (the explore screen's), its text named `search`.
    app.get("/auth", { schema: { querystring: authSearchQuery }, config: searchLimit }, (request) =>
      users.search(request.caller, { text: request.query.search, ...request.query }),
    );
    app.get("/profile/me", me);

    app.put("/user", { schema: { body: updateUserBody } }, async (request) => ({
      user: await users.update(request.caller, request.body),
    }));
    // A person flips it a few times at most; a script, without this, would ring every open tab.
    app.put("/user/privacy", { schema: { body: privacyBody }, config: privacyLimit }, async (request) => ({
      message: "Privacy settings updated!",
      user: await users.updatePrivacy(request.caller, request.body),
    }));
    // An avatar may come as a data URL, so this body may be larger than others.
    app.put(
      "/profile/update",
      { schema: { body: updateProfileBody }, bodyLimit: 16 * 1024 * 1024 },
      async (request) => ({
        user: await users.update(request.caller, request.body),
      }),
    );

    app.get("/profile/:username", { schema: { params: usernameParams } }, async (request, reply) => {
      const { caller, params } = request;
      const body = await kept.through(
        `profile:${caller.userId}:${params.username}`,
        async () => {
          const member = await users.member(caller, { username: params.username });
          const [user, { page, shows }] = await Promise.all([
            users.publicProfile(caller, member),
            posts.byAuthor(caller, member, { limit: PROFILE_POSTS_PAGE }),
          ]);
          const profile: ProfileResponse = {
            user,
            posts: page.posts,
            isMyProfile: member.id === caller.userId,
            nextCursor: page.nextCursor,
          };
          return { body: JSON.stringify(profile), shows };
        },
        caller.userId,
      );
      return reply.type(JSON_TEXT).send(body);
    });

    app.get(
      "/profile/:username/posts",
      { schema: { params: usernameParams, querystring: pageQuery } },
      async (request, reply) => {
        const { caller, params, query } = request;
        const key = `profile-posts:${caller.userId}:${params.username}:${query.limit}:${query.cursor ?? ""}`;
        const body = await kept.through(
          key,
          async () => {
            const member = await users.member(caller, { username: params.username });
            const { page, shows } = await posts.byAuthor(caller, member, query);
            return { body: JSON.stringify(page), shows };
          },
          caller.userId,
        );
        return reply.type(JSON_TEXT).send(body);
      },
    );
  };
}
