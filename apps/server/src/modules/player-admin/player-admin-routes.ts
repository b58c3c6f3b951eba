import { okEnvelope } from "@croupier/contract/envelope";
import {
  addPlayerNoteBody,
  endSessionsResult,
  lockPlayerBody,
  pageQuery,
  passwordResetResult,
  playerDetail,
  playerIdParams,
  playerLedgerPage,
  playerNote,
  playerNotesPage,
  playerPaymentsPage,
  playerRoundsPage,
  playerSearchPage,
  playerSearchQuery,
  playerSessionsPage,
  playerStatusResult,
} from "@croupier/contract/backoffice/players";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope.ts";
import { currentStaff } from "../../lib/staff-auth.ts";
import { createMailer } from "../mail/mailer.ts";
import { auditActor } from "../staff/record-audit.ts";
import { addPlayerNote } from "./add-player-note.ts";
import { assertPlayerExists } from "./assert-player-exists.ts";
import { endPlayerSessions } from "./end-player-sessions.ts";
import { listPlayerLedger } from "./list-player-ledger.ts";
import { listPlayerNotes } from "./list-player-notes.ts";
import { listPlayerPayments } from "./list-player-payments.ts";
import { listPlayerRounds } from "./list-player-rounds.ts";
import { listPlayerSessions } from "./list-player-sessions.ts";
import { loadPlayer } from "./load-player.ts";
import { searchPlayers } from "./search-players.ts";
import { sendPlayerPasswordReset } from "./send-player-password-reset.ts";
import { setPlayerStatus } from "./set-player-status.ts";

const tags = ["Back office: players"];

// Back-office routes of this module, mounted under /api/backoffice/v1 by routes/backoffice-v1.ts.
// Every route declares config.permission (packages/contract/src/staff-permissions.ts).
export const playerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const mailer = createMailer(app.env, db, app.log);

  app.get(
    "/players",
    {
      config: { permission: "players.read" },
      schema: {
        tags,
        summary: "Search players by email, name, phone or id (audited)",
        description:
          "q: email (contains), first or last name or full name (starts with), phone (digits contained), or an exact " +
          "player id; at least 2 characters; absent lists the newest players. Newest first, keyset pages (cursor).",
        querystring: playerSearchQuery,
        response: { 200: okEnvelope(playerSearchPage) },
      },
    },
    async (request) => ok(request, await searchPlayers(db, auditActor(request), request.query)),
  );

  app.get(
    "/players/:id",
    {
      config: { permission: "players.read" },
      schema: {
        tags,
        summary: "A player's profile, wallets and counts (audited)",
        params: playerIdParams,
        response: { 200: okEnvelope(playerDetail) },
      },
    },
    async (request) => ok(request, await loadPlayer(db, auditActor(request), request.params.id)),
  );

  const lists = [
    { path: "ledger", summary: "The player's ledger transfers", page: playerLedgerPage, load: listPlayerLedger },
    {
      path: "payments",
      summary: "The player's deposits and withdrawals",
      page: playerPaymentsPage,
      load: listPlayerPayments,
    },
    { path: "rounds", summary: "The player's game transactions", page: playerRoundsPage, load: listPlayerRounds },
    { path: "sessions", summary: "The player's login sessions", page: playerSessionsPage, load: listPlayerSessions },
    { path: "notes", summary: "Staff notes on the player", page: playerNotesPage, load: listPlayerNotes },
  ] as const;
  for (const list of lists) {
    app.get(
      `/players/:id/${list.path}`,
      {
        config: { permission: "players.read" },
        schema: {
          tags,
          summary: `${list.summary}, newest first`,
          params: playerIdParams,
          querystring: pageQuery,
          response: { 200: okEnvelope(list.page) },
        },
      },
      async (request) => {
        await assertPlayerExists(db, request.params.id);
        return ok(request, await list.load(db, request.params.id, request.query));
      },
    );
  }

  app.post(
    "/players/:id/lock",
    {
      config: { permission: "players.manage" },
      schema: {
        tags,
        summary: "Lock the player: every session ends, open tabs log out; the reason is shown at login",
        params: playerIdParams,
        body: lockPlayerBody,
        response: { 200: okEnvelope(playerStatusResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await setPlayerStatus(db, auditActor(request), {
          playerId: request.params.id,
          status: "locked",
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    "/players/:id/unlock",
    {
      config: { permission: "players.manage" },
      schema: {
        tags,
        summary: "Unlock the player",
        params: playerIdParams,
        response: { 200: okEnvelope(playerStatusResult) },
      },
    },
    async (request) =>
      ok(
        request,
        await setPlayerStatus(db, auditActor(request), { playerId: request.params.id, status: "active", reason: null }),
      ),
  );

  app.post(
    "/players/:id/end-sessions",
    {
      config: { permission: "players.manage" },
      schema: {
        tags,
        summary: "End every login session of the player (their tabs log out)",
        params: playerIdParams,
        response: { 200: okEnvelope(endSessionsResult) },
      },
    },
    async (request) => ok(request, await endPlayerSessions(db, auditActor(request), request.params.id)),
  );

  app.post(
    "/players/:id/password-reset",
    {
      config: { permission: "players.manage" },
      schema: {
        tags,
        summary: "Mail the player a password reset link (at most one a minute)",
        params: playerIdParams,
        response: { 200: okEnvelope(passwordResetResult) },
      },
    },
    async (request) =>
      ok(request, await sendPlayerPasswordReset({ db, env: app.env, mailer }, auditActor(request), request.params.id)),
  );

  app.post(
    "/players/:id/notes",
    {
      config: { permission: "players.notes" },
      schema: {
        tags,
        summary: "Add a note on the player (notes are append-only)",
        params: playerIdParams,
        body: addPlayerNoteBody,
        response: { 200: okEnvelope(playerNote) },
      },
    },
    async (request) =>
      ok(
        request,
        await addPlayerNote(db, currentStaff(request), auditActor(request), {
          playerId: request.params.id,
          text: request.body.text,
        }),
      ),
  );
};
