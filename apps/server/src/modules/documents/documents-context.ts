import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import type { DocumentStore } from "./document-store.ts";

/** What the documents services need: the database, the configuration and the encrypted file store. */
export type DocumentsContext = { db: Db; env: Env; store: DocumentStore };
