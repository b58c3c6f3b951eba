import { customType, numeric, timestamp, uuid } from "drizzle-orm/pg-core";

// Money and money-like limits are NUMERIC(38,18) in the database and decimal
// strings everywhere else: never a JS number (ARCHITECTURE §3).
export const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const guid = (name = "guid") => uuid(name).primaryKey().defaultRandom();

/** A timestamptz column read and written as an ISO string. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow();

// citext would need an extension PGlite ships separately; lower(email) unique
// indexes do the same job, so plain text is enough here.
export const text40 = customType<{ data: string }>({ dataType: () => "varchar(40)" });
