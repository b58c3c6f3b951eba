import { useMutation } from "@tanstack/react-query";
import type { StaffMe } from "../../lib/me";
import { staffSignInApi } from "../../lib/staff-api";

// The sign-in steps of /api/backoffice/v1/auth (docs/decisions/017-back-office.md). They go through the
// sign-in client: no token yet, and a 401 there is a wrong password or code, shown by the form.

export type LoginAnswer =
  | { step: "enrol"; challenge_token: string; otpauth_uri: string; secret: string }
  | { step: "verify"; challenge_token: string };

export type EnrolAnswer = { token: string; expires_at: string; recovery_codes: string[]; staff: StaffMe };
export type VerifyAnswer = { token: string; expires_at: string; staff: StaffMe; recovery_codes_left: number };

export type LoginInput = { email: string; password: string };
export type EnrolInput = { challenge_token: string; code: string };
export type VerifyInput = { challenge_token: string; code?: string; recovery_code?: string };

export async function login(input: LoginInput): Promise<LoginAnswer> {
  return (await staffSignInApi().post<LoginAnswer>("/auth/login", { body: input })).payload;
}

export async function enrolTwoFactor(input: EnrolInput): Promise<EnrolAnswer> {
  return (await staffSignInApi().post<EnrolAnswer>("/auth/enrol", { body: input })).payload;
}

export async function verifyTwoFactor(input: VerifyInput): Promise<VerifyAnswer> {
  return (await staffSignInApi().post<VerifyAnswer>("/auth/verify", { body: input })).payload;
}

export const useLogin = () => useMutation({ mutationFn: login });
export const useEnrolTwoFactor = () => useMutation({ mutationFn: enrolTwoFactor });
export const useVerifyTwoFactor = () => useMutation({ mutationFn: verifyTwoFactor });
