import { z } from "zod";
import { decimalString } from "./entities/currency.ts";
import { documentStatusChanged } from "./entities/documents.ts";
import { chatMessage } from "./entities/live-chat.ts";
import { notification } from "./entities/notifications.ts";
import { paymentStatus, transactionType } from "./entities/payment.ts";
import { customerStatus } from "./entities/profile.ts";

/**
 * Every realtime event the platform writes, by name, with the payload it writes. The server's
 * outbox writer accepts only these names and payloads, the web app handles (or explicitly
 * ignores) each of them, and a test parses what the SQL writers produce against these schemas.
 * A new event is added here first. Delivery adds event_id to every payload; money is a decimal
 * string in the currency's decimals.
 */
export const realtimeEventPayloads = z.object({
  /** A wallet's balances moved (bet, win, rollback, deposit, withdrawal, refund). */
  user_balance_updated: z.object({
    wallet_guid: z.uuid(),
    currency_guid: z.uuid(),
    balance: decimalString,
    bonus_balance: decimalString,
    free_spin_count: z.number().int(),
    /** The provider wallet method (bet, win, rollback) or the payment operation (psp_deposit, withdrawal_*). */
    operation_type: z.string(),
    operation_amount: decimalString,
  }),
  /** The account was locked or unlocked (player room). */
  customer_status_changed: z.object({ status: customerStatus }),
  /** A login session ended; each tab compares session_id with its own. */
  session_closed: z.object({
    session_id: z.uuid(),
    /** Why (finish reason: logout, excluded, …); the tab tells the player when it is not a plain logout. */
    reason: z.string().max(32).optional(),
  }),
  /** The player joined a segment (rule or staff; ADR 033): refetch the profile, payment methods and bonuses. */
  // Sent with { segment_guid, name }; kept open (partial, extra keys allowed) because the realtime
  // transport tests use it as their generic event.
  customer_segment_added: z
    .object({ segment_guid: z.uuid(), name: z.string().max(100) })
    .partial()
    .catchall(z.unknown()),
  /** A deposit or withdrawal changed status (ADR 005). */
  payment_status_changed: z.object({
    payment_guid: z.uuid(),
    transaction_type: transactionType,
    status: paymentStatus,
    amount: decimalString,
    currency_guid: z.uuid(),
    wallet_guid: z.uuid(),
  }),
  /** A deposit was credited, for the bonus engine (ADR 005). */
  deposit_settled: z.object({
    payment_guid: z.uuid(),
    wallet_guid: z.uuid(),
    currency_guid: z.uuid(),
    amount: decimalString,
    deposit_number: z.number().int().positive(),
    is_first_deposit: z.boolean(),
  }),
  /**
   * A customer bonus changed (issue #17, ADR 031; player room). The seed's "any type containing bonus":
   * the web app refetches its bonuses and wallets and toasts. `event` says what happened; `progress`
   * is sent when wagering crosses 25, 50 and 75 %.
   */
  bonus_status_changed: z.object({
    customer_bonus_guid: z.uuid(),
    bonus_guid: z.uuid(),
    wallet_guid: z.uuid(),
    currency_guid: z.uuid(),
    bonus_name: z.string().max(120),
    event: z.enum(["granted", "activated", "progress", "spins_finished", "completed", "expired", "cancelled", "lost"]),
    status: z.enum(["offered", "active", "completed", "expired", "cancelled", "lost"]),
    bonus_amount: decimalString,
    /** Wagering still required, and required in total. */
    wager_left: decimalString,
    wager_amount: decimalString,
    free_spin_count: z.number().int().min(0),
    /** Percent of wagering done (0-100, whole). */
    progress_percent: z.number().int().min(0).max(100),
    /** On completed: bonus money converted to cash. */
    converted_amount: decimalString.optional(),
  }),
  /** A live-chat message in the player's (or visitor session's) conversation, theirs or staff's (issue #15). */
  chat_message: z.object({
    conversation_id: z.uuid(),
    message: chatMessage,
    /** Staff messages the player has not read yet, after this one. */
    unread: z.number().int().min(0),
  }),
  /**
   * Someone is typing in a live-chat conversation. Ephemeral: emitted straight to the other side's
   * room, never written to the outbox (so it carries no event_id).
   */
  chat_typing: z.object({ conversation_id: z.uuid(), side: z.enum(["player", "staff"]) }),
  /** A KYC document was approved or rejected by staff (issue #16, ADR 023; player room). */
  document_status_changed: documentStatusChanged,
  /** An in-app notification for the player (issue #16), with their unread count after it. */
  notification_created: z.object({ notification, unread: z.number().int().min(0) }),
  /** The player's loyalty level changed (issue #18, ADR 036; player room). */
  loyalty_level_changed: z.object({
    level: z.number().int().min(0),
    previous_level: z.number().int().min(0),
    level_name: z.string().max(60).nullable(),
  }),
  /** The player's coin balance moved: a mining accrual, an exchange or a staff adjustment (issue #18, ADR 036). */
  coin_balance_updated: z.object({
    balance: decimalString,
    operation_type: z.enum(["mining", "exchange", "adjustment"]),
    operation_amount: decimalString,
  }),
  /** For the console (Socket.IO namespace /backoffice): a conversation changed; players never get it. */
  chat_inbox_changed: z.object({
    conversation_id: z.uuid(),
    reason: z.enum(["message", "assigned", "closed", "reopened", "read"]),
  }),
});

export type RealtimeEventPayloads = z.infer<typeof realtimeEventPayloads>;
export type RealtimeEventType = keyof RealtimeEventPayloads;
/** What the server writes for an event of type K. */
export type RealtimeEventPayload<K extends RealtimeEventType> = RealtimeEventPayloads[K];

export const realtimeEventTypes = realtimeEventPayloads.keyof().options;

/** What a client receives: the payload and the event_id delivery adds (clients drop duplicates by it). */
export type RealtimeEventBase = { event_id: string };
export type RealtimeEventMap = { [K in RealtimeEventType]: RealtimeEventPayloads[K] & RealtimeEventBase };

export type UserBalanceUpdatedEvent = RealtimeEventMap["user_balance_updated"];
export type CustomerStatusChangedEvent = RealtimeEventMap["customer_status_changed"];
export type SessionClosedEvent = RealtimeEventMap["session_closed"];
export type CustomerSegmentAddedEvent = RealtimeEventMap["customer_segment_added"];
export type PaymentStatusChangedEvent = RealtimeEventMap["payment_status_changed"];
export type DepositSettledEvent = RealtimeEventMap["deposit_settled"];
export type ChatMessageEvent = RealtimeEventMap["chat_message"];
export type ChatTypingEvent = Omit<RealtimeEventMap["chat_typing"], "event_id">;
