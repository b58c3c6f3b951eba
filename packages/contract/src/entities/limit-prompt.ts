import { z } from "zod";

// The deposit-limit prompt after sign-up (issue #16, ADR 025; PLAYER_PROTECTION 17, UKGC LCCP SR 3.5.3):
// the player sets a deposit limit or explicitly chooses "No limit for now"; either answer is recorded
// and the prompt does not return.
//   GET  /api/v1/responsible-gaming/limit-prompt   whether to show it
//   POST /api/v1/responsible-gaming/limit-prompt   record the answer

export const LIMIT_PROMPT_ANSWERS = ["limit_set", "declined"] as const;
export type LimitPromptAnswer = (typeof LIMIT_PROMPT_ANSWERS)[number];

export const limitPromptState = z.object({
  /** Show the prompt now: no answer recorded and no deposit limit set. */
  show: z.boolean(),
  /** The jurisdiction requires an explicit answer (gb): the dialog offers no way round it but the two choices. */
  required: z.boolean(),
  answer: z.enum(LIMIT_PROMPT_ANSWERS).nullable(),
  answered_at: z.string().nullable(),
});
export type LimitPromptState = z.infer<typeof limitPromptState>;

/** "limit_set" only once a deposit limit exists (set through /responsible-gaming/limits first). */
export const answerLimitPromptBody = z.object({ answer: z.enum(LIMIT_PROMPT_ANSWERS) });
export type AnswerLimitPromptBody = z.infer<typeof answerLimitPromptBody>;
