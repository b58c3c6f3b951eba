import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dictionaryRoutes } from "../modules/dictionary/dictionary-routes.ts";
import { edgesyncRoutes } from "../modules/edgesync/edgesync-routes.ts";
import { workspaceRoutes } from "../modules/workspace/workspace-routes.ts";

/** Every /api/v1 route, one plugin per server module. */
export const apiV1Routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dictionaryRoutes, { prefix: "/dictionary" });
  await app.register(workspaceRoutes, { prefix: "/workspace" });
  await app.register(edgesyncRoutes, { prefix: "/edgesync" });
};
