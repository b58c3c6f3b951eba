import {
  enrolAnswer,
  loginAnswer,
  verifyAnswer,
  type EnrolAnswer,
  type EnrolBody,
  type LoginAnswer,
  type LoginBody,
  type VerifyAnswer,
  type VerifyBody,
} from "@croupier/contract/backoffice/staff";
import { useMutation } from "@tanstack/react-query";
import { staffSignInApi } from "../../lib/staff-api";

// The sign-in steps of /api/backoffice/v1/auth (docs/decisions/017-back-office.md). They go through the
// sign-in client: no token yet, and a 401 there is a wrong password or code, shown by the form.

export type { EnrolAnswer, LoginAnswer, VerifyAnswer };

export async function login(body: LoginBody): Promise<LoginAnswer> {
  return (await staffSignInApi().post("/auth/login", { body, schema: loginAnswer })).payload;
}

export async function enrolTwoFactor(body: EnrolBody): Promise<EnrolAnswer> {
  return (await staffSignInApi().post("/auth/enrol", { body, schema: enrolAnswer })).payload;
}

export async function verifyTwoFactor(body: VerifyBody): Promise<VerifyAnswer> {
  return (await staffSignInApi().post("/auth/verify", { body, schema: verifyAnswer })).payload;
}

export const useLogin = () => useMutation({ mutationFn: login });
export const useEnrolTwoFactor = () => useMutation({ mutationFn: enrolTwoFactor });
export const useVerifyTwoFactor = () => useMutation({ mutationFn: verifyTwoFactor });
