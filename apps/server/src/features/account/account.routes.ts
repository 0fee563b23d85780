import {
  ACCOUNT_DELETED_MESSAGE,
  changePasswordBody,
  deleteAccountBody,
  requestEmailOtpBody,
  requestPhoneOtpBody,
  type UserResponse,
  verifyOtpBody,
} from "@flik/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AddressRateLimit, limitPer } from "../../platform/rate-limits.js";
import {
  ACCOUNT_DELETIONS_PER_MEMBER,
  accountDeletionsRefused,
  CODE_REQUESTS_PER_TARGET,
  codeRequestsRefused,
  PASSWORD_CHANGES_PER_MEMBER,
  passwordChangesRefused,
} from "./account.limits.js";
import type { AccountService } from "./account.service.js";

/** Signed-in account calls (spec §7): password, e-mail and phone changes; deleting the account. */
export function accountRoutes(deps: {
  account: AccountService;
  /** Per client address, beside the member's own limits. */
  rateLimit: AddressRateLimit;
}): FastifyPluginAsyncZod {
  const { account, rateLimit } = deps;
  return async (app) => {
    const codesPerMember = () =>
      limitPer(app, {
        ...CODE_REQUESTS_PER_TARGET,
        key: (request) => request.caller.userId,
        message: codeRequestsRefused,
      });
    // And per number, whoever asks: a number is texted even when another member has it, so many
    // accounts must not be able to flood one phone between them.
    const codesPerNumber = limitPer(app, {
      ...CODE_REQUESTS_PER_TARGET,
      key: (request) => `phone:${(request.body as { phone: string }).phone}`,
      message: codeRequestsRefused,
    });
    const passwordChangesPerMember = limitPer(app, {
      ...PASSWORD_CHANGES_PER_MEMBER,
      key: (request) => request.caller.userId,
      message: passwordChangesRefused,
    });

    app.put(
      "/user/password",
      { schema: { body: changePasswordBody }, config: { rateLimit }, preHandler: passwordChangesPerMember },
      async (request) => account.changePassword(request.caller, request.body),
    );

    // The password is asked again: tries are counted per member, as a password change's are.
    app.delete(
      "/user",
      {
        schema: { body: deleteAccountBody },
        config: { rateLimit },
        preHandler: limitPer(app, {
          ...ACCOUNT_DELETIONS_PER_MEMBER,
          key: (request) => request.caller.userId,
          message: accountDeletionsRefused,
        }),
      },
      async (request) => {
        await account.deleteAccount(request.caller, request.body);
        return { message: ACCOUNT_DELETED_MESSAGE };
      },
    );

    app.post(
      "/user/request-email-otp",
      { schema: { body: requestEmailOtpBody }, config: { rateLimit }, preHandler: codesPerMember() },
      async (request) => account.requestEmailChange(request.caller, request.body.email),
    );
    app.post(
      "/user/verify-email-otp",
      { schema: { body: verifyOtpBody }, config: { rateLimit } },
      async (request): Promise<UserResponse> => ({
        user: await account.verifyEmailChange(request.caller, request.body.otp),
      }),
    );

    app.post(
      "/user/phone/request-otp",
      {
        schema: { body: requestPhoneOtpBody },
        config: { rateLimit },
        preHandler: [codesPerMember(), codesPerNumber],
      },
      async (request) => account.requestPhoneChange(request.caller, request.body.phone),
    );
    app.post(
      "/user/phone/verify",
      { schema: { body: verifyOtpBody }, config: { rateLimit } },
      async (request): Promise<UserResponse> => ({
        user: await account.verifyPhoneChange(request.caller, request.body.otp),
      }),
    );
  };
}
