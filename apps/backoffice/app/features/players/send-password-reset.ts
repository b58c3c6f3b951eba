import { useMutation } from "@tanstack/react-query";
import { passwordResetResult, type PasswordResetResult } from "@croupier/contract/backoffice/players";
import { staffApi } from "../../lib/staff-api";

/** POST /players/:id/password-reset: identity's reset mail (at most one a minute per player). */
export async function sendPasswordReset(playerId: string): Promise<PasswordResetResult> {
  const url = `/players/${encodeURIComponent(playerId)}/password-reset`;
  return (await staffApi().post(url, { body: {}, schema: passwordResetResult })).payload;
}

export const useSendPasswordReset = (playerId: string) =>
  useMutation({ mutationFn: () => sendPasswordReset(playerId) });
