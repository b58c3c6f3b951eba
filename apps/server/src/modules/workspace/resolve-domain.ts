import { z } from "zod";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { getProject, type ProjectRow } from "../dictionary/get-project.ts";

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The lower-case host name of an http(s) URL or a bare host ("casino.example.com:3000"); null if neither. */
export function hostOfUri(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(SCHEME.test(uri) ? uri : `http://${uri}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  return host.length > 0 && host.length <= 253 ? host : null;
}

export const uriQuery = z.object({
  uri: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((v) => hostOfUri(v) !== null, "must be an http(s) URL or a host name")
    .describe("The address the player opened: a full URL or a host name"),
});

export type ResolvedDomain = { host: string; project: ProjectRow };

/**
 * The project serving the host of `uri`. With no domains configured the one
 * project serves every host (a single-site install behind any name); once an
 * operator lists domains, any other host is a 404 rather than someone else's
 * settings.
 */
export async function resolveDomain(db: Db, uri: string): Promise<ResolvedDomain> {
  const host = hostOfUri(uri);
  if (!host)
    throw new AppError("VALIDATION_ERROR", "Invalid input: query.uri", {
      fields: [{ field: "query.uri", message: "must be an http(s) URL or a host name" }],
    });
  const project = await getProject(db);
  const served = project.domains.length === 0 || project.domains.some((d) => d.toLowerCase() === host);
  if (!served) throw new AppError("NOT_FOUND", "No project is configured for this domain.");
  return { host, project };
}
