import { useMutation } from "@tanstack/react-query";
import type { Tokens } from "@croupier/contract/entities/auth";
import type { SmsLoginBody, SmsLoginCodeRequestBody } from "@croupier/contract/entities/sms-login";
import { playerApi } from "../../lib/player-api";

// Log in by SMS code (the sms-auth flag, ADR 025): one fetcher per endpoint and a mutation hook each.

const CAPTCHA_HEADER = "X-Captcha-Response";

/** POST /authorization/sms-code/request: the same answer whether or not the number has an account. */
export async function requestSmsLoginCode(body: SmsLoginCodeRequestBody, captchaToken?: string): Promise<void> {
  await playerApi().post("/api/v1/authorization/sms-code/request", {
    body,
    headers: captchaToken ? { [CAPTCHA_HEADER]: captchaToken } : undefined,
  });
}

/** POST /authorization/sms-code/login: the tokens of a new session. */
export async function loginWithSmsCode(body: SmsLoginBody): Promise<Tokens> {
  const { payload } = await playerApi().post<Tokens>("/api/v1/authorization/sms-code/login", { body });
  return payload;
}

export const useRequestSmsLoginCode = () =>
  useMutation({
    mutationFn: ({ body, captchaToken }: { body: SmsLoginCodeRequestBody; captchaToken?: string }) =>
      requestSmsLoginCode(body, captchaToken),
  });

export const useLoginWithSmsCode = () => useMutation({ mutationFn: loginWithSmsCode });
