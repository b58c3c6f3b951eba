/** "+44 7700900123" from the profile's two phone fields. */
export function formatPhone(code: string | null, number: string | null): string | null {
  if (!number) return null;
  if (!code) return number;
  return `+${code.replace(/^\+/, "")} ${number}`;
}
