import { newRecoveryCodesAnswer } from "@croupier/contract/backoffice/staff";
import { useMutation } from "@tanstack/react-query";
import { staffApi } from "../../lib/staff-api";

/** POST /me/recovery-codes: a new set of ten (the old set stops working), confirmed with a current code. */
export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return (await staffApi().post("/me/recovery-codes", { body: { code }, schema: newRecoveryCodesAnswer })).payload.recovery_codes;
}

export const useRegenerateRecoveryCodes = () => useMutation({ mutationFn: regenerateRecoveryCodes });
