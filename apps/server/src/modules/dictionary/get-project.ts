import { asc } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { projectSettings } from "@croupier/db/schema/dictionary";
import { AppError } from "../../lib/app-error.ts";

export type ProjectRow = typeof projectSettings.$inferSelect;

/** The project this installation serves (the one project_settings row, written by the seed). */
export async function getProject(db: Db): Promise<ProjectRow> {
  const [row] = await db.select().from(projectSettings).orderBy(asc(projectSettings.created_at)).limit(1);
  if (!row) throw new AppError("SERVICE_UNAVAILABLE", "The project is not configured yet. Please try again later.");
  return row;
}
