import {
  staffMember,
  type CreateStaffBody,
  type StaffMember,
  type UpdateStaffBody,
} from "@croupier/contract/backoffice/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffApi } from "../../lib/staff-api";
import { STAFF_QUERY_KEY } from "./list-staff";

export async function createStaff(body: CreateStaffBody): Promise<StaffMember> {
  return (await staffApi().post("/staff", { body, schema: staffMember })).payload;
}

export async function updateStaff({ id, ...body }: UpdateStaffBody & { id: string }): Promise<StaffMember> {
  return (await staffApi().patch(`/staff/${encodeURIComponent(id)}`, { body, schema: staffMember })).payload;
}

export async function resetStaffTwoFactor(id: string): Promise<StaffMember> {
  return (await staffApi().post(`/staff/${encodeURIComponent(id)}/reset-two-factor`, { body: {}, schema: staffMember })).payload;
}

/** Each change refreshes the list (the server's answer is the truth: status, enrolment, last seen). */
function useStaffMutation<TInput>(mutationFn: (input: TInput) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY }),
  });
}

export const useCreateStaff = () => useStaffMutation(createStaff);
export const useUpdateStaff = () => useStaffMutation(updateStaff);
export const useResetStaffTwoFactor = () => useStaffMutation(resetStaffTwoFactor);
