import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** KYC documents of seed 001: list, upload, delete, download (issue #16; registered in routes/api-v1.ts). */
export const documentsRoutes: FastifyPluginAsyncZod = async () => {};
