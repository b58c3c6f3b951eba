/** The rakeback page's filters: a player and/or a campaign (guids; empty = all). */
export type RakebackFilters = { playerGuid: string; bonusGuid: string };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A filter value the API accepts: empty, or a guid (anything else is shown as an error, not sent). */
export function guidError(value: string): string | undefined {
  return value === "" || GUID.test(value) ? undefined : "Enter a full id (guid), or leave empty.";
}
