import type { FastifyRequest } from "fastify";
import type { Pager } from "@croupier/contract/envelope";

export function ok<T>(request: FastifyRequest, payload: T, metadata: Record<string, unknown> = {}) {
  return { status: "ok" as const, payload, metadata: { request_id: request.id, ...metadata } };
}

export function list<T>(request: FastifyRequest, items: T[], pager: Pager) {
  return { status: "ok" as const, payload: items, metadata: { request_id: request.id, ...pager } };
}
