/**
 * Log redaction for card data (PLAYER_PROTECTION 29). Request bodies are not
 * logged, but anything that logs an object carrying these fields gets them
 * replaced by "[Redacted]".
 */
const CARD_FIELDS = ["card_number", "cvv", "cvc", "pan", "cardNumber"];
export const PAYMENT_REDACT_PATHS = CARD_FIELDS.flatMap((field) => [
  field,
  `*.${field}`,
  `*.*.${field}`,
  `req.body.${field}`,
  `body.${field}`,
]);
