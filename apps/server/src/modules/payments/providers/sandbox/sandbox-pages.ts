import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../../../ledger/sql-executor.ts";
import { SANDBOX_TEST_CARDS } from "./sandbox-cards.ts";
import { abandonCheckout, answerChallenge, findSandboxCheckout, payCheckout, resendChallengeCode, type CheckoutOutcome } from "./sandbox-checkout.ts";
import { findSandboxTransfer, mineSandboxBlock, simulateIncomingTransfer } from "./sandbox-crypto.ts";
import { SANDBOX_FAILING_ADDRESSES } from "./sandbox-payouts.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const CARD_ERRORS = { invalid_number: "This card number is not valid.", expired: "This card has expired.", invalid_cvv: "The security code must be 3 or 4 digits." };

const ICONS: Record<string, string> = {
  card: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32"><rect width="48" height="32" rx="4" fill="#1f3a8a"/><rect y="7" width="48" height="6" fill="#0b1b4d"/><rect x="6" y="20" width="14" height="4" rx="1" fill="#c7d2fe"/></svg>`,
  crypto: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#f7931a"/><path fill="#fff" d="M21.6 14c.3-2-1.2-3-3.3-3.7l.7-2.7-1.7-.4-.6 2.6-1.3-.3.6-2.6-1.6-.4-.7 2.7-3.4-.8-.4 1.8s1.2.3 1.2.3c.7.2.8.6.8 1l-1.9 7.5c-.1.2-.3.5-.8.4l-1.2-.3-.8 1.9 3.3.8-.7 2.7 1.6.4.7-2.7 1.3.3-.7 2.7 1.7.4.7-2.7c2.9.5 5 .3 5.9-2.3.7-2.1 0-3.3-1.5-4.1 1.1-.3 1.9-1 2.1-2.5zm-3.8 5.3c-.5 2.1-4 1-5.2.7l.9-3.7c1.2.3 4.8.9 4.3 3zm.5-5.3c-.5 1.9-3.4.9-4.3.7l.8-3.3c1 .2 4 .7 3.5 2.6z"/></svg>`,
};

function page(reply: FastifyReply, title: string, body: string, options: { refreshSeconds?: number; status?: number } = {}) {
  reply.status(options.status ?? 200);
  reply.header("content-type", "text/html; charset=utf-8");
  reply.header("cache-control", "no-store");
  reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}<title>${escapeHtml(title)} · Sandbox PSP</title>
<style>body{font:16px system-ui,sans-serif;max-width:460px;margin:2rem auto;padding:0 1rem;color:#111}h1{font-size:1.3rem}.banner{background:#fff3cd;border:1px solid #e0c36a;padding:.5rem .75rem;border-radius:6px;font-size:.85rem}
label{display:block;margin:.7rem 0 .2rem}input,select{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}.row{display:flex;gap:.5rem}.row>div{flex:1}
button{margin-top:1rem;padding:.6rem 1rem;font:inherit;cursor:pointer}button.primary{background:#1f3a8a;color:#fff;border:0;border-radius:6px;width:100%}.muted{color:#555;font-size:.85rem}
.error{color:#b00020}.amount{font-size:1.6rem;font-weight:600}table{border-collapse:collapse;font-size:.85rem}td{padding:.2rem .5rem .2rem 0}.code{font:600 1.4rem monospace;letter-spacing:.2rem}</style></head>
<body><p class="banner">Sandbox payment provider — test money only. No real card is charged.</p>${body}</body></html>`;
}

const formBody = z.record(z.string(), z.string().max(200));
const checkoutParams = z.object({ id: z.uuid() });

/**
 * The sandbox PSP's browser pages under /sandbox-psp: the hosted card page
 * (with a one-time-code challenge), the crypto transfer simulator, and the
 * method icons. Server-rendered HTML with a strict CSP and no scripts.
 */
export const sandboxPspPages: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 8192 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const outcomeReply = (reply: FastifyReply, id: string, outcome: CheckoutOutcome | { kind: "wrong_code"; attemptsLeft: number }) => {
    if (outcome.kind === "redirect") return reply.redirect(outcome.url, 303);
    if (outcome.kind === "challenge") return challengePage(reply, id, outcome.code, null);
    if (outcome.kind === "wrong_code") return challengePage(reply, id, null, `Wrong code. ${outcome.attemptsLeft} attempt(s) left.`);
    if (outcome.kind === "closed") return page(reply, "Payment closed", `<h1>This payment is closed</h1><p>It was already completed or cancelled.</p>`, { status: 409 });
    return reply.redirect(`/sandbox-psp/checkout/${id}?error=${outcome.error}`, 303);
  };

  const challengePage = (reply: FastifyReply, id: string, code: string | null, error: string | null) =>
    page(
      reply,
      "Verify the payment",
      `<h1>Verify it is you</h1>
${code ? `<p class="muted">Your bank sent this one-time code by SMS (shown here because this is a sandbox):</p><p class="code" data-testid="challenge-code">${code}</p>` : ""}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/sandbox-psp/checkout/${id}/challenge"><label for="code">One-time code</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus>
<button class="primary" type="submit">Confirm</button></form>
<form method="post" action="/sandbox-psp/checkout/${id}/resend"><button type="submit">Send a new code</button></form>
<form method="post" action="/sandbox-psp/checkout/${id}/cancel"><button type="submit">Cancel payment</button></form>`,
    );

  app.get("/", { schema: { hide: true } }, async (_request, reply) => {
    const cards = SANDBOX_TEST_CARDS.map((c) => `<tr><td><code>${c.number.replace(/(\d{4})/g, "$1 ").trim()}</code></td><td>${escapeHtml(c.description)}</td></tr>`).join("");
    return page(
      reply,
      "Sandbox PSP",
      `<h1>Sandbox payment provider</h1><p>Test cards (any future expiry, any 3-digit CVV; any other Luhn-valid number succeeds):</p><table>${cards}</table>
<p>3-D Secure cards ask for the one-time code shown on the challenge page.</p>
<p>Payouts are paid a few seconds after they are requested; they fail for a declining card and for these addresses: ${SANDBOX_FAILING_ADDRESSES.map((a) => `<code>${escapeHtml(a)}</code>`).join(", ")}.</p>
<p><a href="/sandbox-psp/crypto">Simulate an incoming crypto transfer</a></p>`,
    );
  });

  app.get("/icons/:name", { schema: { hide: true, params: z.object({ name: z.enum(["card.svg", "crypto.svg"]) }) } }, async (request, reply) => {
    reply.header("content-type", "image/svg+xml");
    reply.header("cache-control", "public, max-age=86400");
    return ICONS[request.params.name.replace(".svg", "")];
  });

  app.get(
    "/checkout/:id",
    { schema: { hide: true, params: checkoutParams, querystring: z.object({ error: z.enum(["invalid_number", "expired", "invalid_cvv"]).optional() }) } },
    async (request, reply) => {
      const checkout = await findSandboxCheckout(db, request.params.id);
      if (!checkout) return page(reply, "Not found", "<h1>No such payment</h1>", { status: 404 });
      if (checkout.status === "challenge") return challengePage(reply, checkout.guid, null, null);
      if (checkout.status !== "open") return page(reply, "Payment closed", `<h1>This payment is ${checkout.status}</h1>`, { status: 409 });
      const error = request.query.error ? `<p class="error" role="alert">${CARD_ERRORS[request.query.error]}</p>` : "";
      const saved = checkout.card_token
        ? await queryRows<{ bin: string; last4: string; brand: string }>(db, sql`SELECT bin, last4, brand FROM sandbox_psp_cards WHERE token = ${checkout.card_token}`)
        : [];
      const savedCard = saved[0];
      const year = new Date().getUTCFullYear();
      const cardFields = savedCard
        ? `<p>Pay with your saved ${escapeHtml(savedCard.brand)} •••• ${escapeHtml(savedCard.last4)}</p><label for="cvv">Security code (CVV)</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" pattern="[0-9]{3,4}" maxlength="4" required>`
        : `<label for="holder">Name on card</label><input id="holder" name="holder" autocomplete="cc-name" maxlength="100" required>
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required>
<div class="row"><div><label for="exp_month">Month</label><select id="exp_month" name="exp_month">${Array.from({ length: 12 }, (_, i) => `<option>${String(i + 1).padStart(2, "0")}</option>`).join("")}</select></div>
<div><label for="exp_year">Year</label><select id="exp_year" name="exp_year">${Array.from({ length: 12 }, (_, i) => `<option>${year + i}</option>`).join("")}</select></div>
<div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" pattern="[0-9]{3,4}" maxlength="4" required></div></div>
<label><input type="checkbox" name="save_card" value="true" style="width:auto"> Save this card for next time</label>`;
      return page(
        reply,
        "Pay",
        `<h1>Pay</h1><p class="amount" data-testid="amount">${escapeHtml(checkout.amount)} ${escapeHtml(checkout.currency_code)}</p>${error}
<form method="post" action="/sandbox-psp/checkout/${checkout.guid}/pay">${cardFields}<button class="primary" type="submit">Pay ${escapeHtml(checkout.amount)} ${escapeHtml(checkout.currency_code)}</button></form>
<form method="post" action="/sandbox-psp/checkout/${checkout.guid}/cancel"><button type="submit">Cancel and return</button></form>
<p class="muted"><a href="/sandbox-psp" target="_blank">Test cards</a></p>`,
      );
    },
  );

  app.post("/checkout/:id/pay", { schema: { hide: true, params: checkoutParams, body: formBody } }, async (request, reply) => {
    const b = request.body;
    const checkout = await findSandboxCheckout(db, request.params.id);
    if (!checkout) return page(reply, "Not found", "<h1>No such payment</h1>", { status: 404 });
    if (!checkout.card_token && !b.card_number) return reply.redirect(`/sandbox-psp/checkout/${checkout.guid}?error=invalid_number`, 303);
    if (!/^\d{3,4}$/.test(b.cvv ?? "")) return reply.redirect(`/sandbox-psp/checkout/${checkout.guid}?error=invalid_cvv`, 303);
    const outcome = await payCheckout(db, checkout.guid, {
      card: checkout.card_token
        ? undefined
        : { cardNumber: b.card_number ?? "", expMonth: Number(b.exp_month), expYear: Number(b.exp_year), cvv: b.cvv ?? "", holder: (b.holder ?? "").slice(0, 100) },
      saveCard: b.save_card === "true",
    });
    return outcomeReply(reply, checkout.guid, outcome);
  });

  app.post("/checkout/:id/challenge", { schema: { hide: true, params: checkoutParams, body: formBody } }, async (request, reply) =>
    outcomeReply(reply, request.params.id, await answerChallenge(db, request.params.id, request.body.code ?? "")),
  );

  app.post("/checkout/:id/resend", { schema: { hide: true, params: checkoutParams } }, async (request, reply) => {
    const code = await resendChallengeCode(db, request.params.id);
    return code ? challengePage(reply, request.params.id, code, null) : outcomeReply(reply, request.params.id, { kind: "closed" });
  });

  app.post("/checkout/:id/cancel", { schema: { hide: true, params: checkoutParams } }, async (request, reply) =>
    outcomeReply(reply, request.params.id, await abandonCheckout(db, request.params.id)),
  );

  app.get(
    "/crypto",
    { schema: { hide: true, querystring: z.object({ address: z.string().max(128).optional(), tag: z.string().max(32).optional(), error: z.string().max(100).optional() }) } },
    async (request, reply) => {
      const networks = await queryRows<{ currency: string; network: string; name: string }>(
        db,
        sql`SELECT c.code AS currency, n.code AS network, n.name FROM currency_networks n JOIN currencies c ON c.guid = n.currency_guid ORDER BY c.code, n.code`,
      );
      const options = networks.map((n) => `<option value="${escapeHtml(`${n.currency}|${n.network}`)}">${escapeHtml(`${n.currency} on ${n.name}`)}</option>`).join("");
      const q = request.query;
      return page(
        reply,
        "Send crypto",
        `<h1>Simulate an incoming transfer</h1>${q.error ? `<p class="error" role="alert">${escapeHtml(q.error)}</p>` : ""}
<form method="post" action="/sandbox-psp/crypto/transfers">
<label for="pair">Currency and network</label><select id="pair" name="pair">${options}</select>
<label for="address">Deposit address</label><input id="address" name="address" value="${escapeHtml(q.address ?? "")}" maxlength="128" required>
<label for="destination_tag">Destination tag (if the network uses one)</label><input id="destination_tag" name="destination_tag" value="${escapeHtml(q.tag ?? "")}" maxlength="32">
<label for="amount">Amount</label><input id="amount" name="amount" inputmode="decimal" maxlength="40" required>
<button class="primary" type="submit">Send</button></form>`,
      );
    },
  );

  app.post("/crypto/transfers", { schema: { hide: true, body: formBody } }, async (request, reply) => {
    const b = request.body;
    const [currency, network] = (b.pair ?? "").split("|");
    const rows = await queryRows<{ confirmations: number; decimals: number }>(
      db,
      sql`SELECT n.confirmations, c.decimals FROM currency_networks n JOIN currencies c ON c.guid = n.currency_guid
           WHERE c.code = ${currency ?? ""} AND n.code = ${network ?? ""}`,
    );
    const target = rows[0];
    const back = (error: string) => reply.redirect(`/sandbox-psp/crypto?${new URLSearchParams({ address: b.address ?? "", tag: b.destination_tag ?? "", error })}`, 303);
    if (!target) return back("Unknown currency or network.");
    const amount = (b.amount ?? "").trim();
    const fraction = amount.split(".")[1] ?? "";
    if (!/^\d{1,20}(\.\d{1,18})?$/.test(amount) || /^0(\.0*)?$/.test(amount) || fraction.length > target.decimals) return back(`Enter an amount with at most ${target.decimals} decimals.`);
    if (!/^[A-Za-z0-9]{10,128}$/.test(b.address ?? "")) return back("Enter a deposit address.");
    if (b.destination_tag && !/^\d{1,10}$/.test(b.destination_tag)) return back("A destination tag is digits only.");
    const txHash = await simulateIncomingTransfer(db, {
      address: b.address!,
      destinationTag: b.destination_tag || null,
      currencyCode: currency!,
      network: network!,
      amount,
      requiredConfirmations: Math.max(1, target.confirmations),
    });
    return reply.redirect(`/sandbox-psp/crypto/transfers/${txHash}`, 303);
  });

  const hashParams = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/) });

  app.get("/crypto/transfers/:hash", { schema: { hide: true, params: hashParams } }, async (request, reply) => {
    const t = await findSandboxTransfer(db, request.params.hash);
    if (!t) return page(reply, "Not found", "<h1>No such transfer</h1>", { status: 404 });
    const done = t.confirmations >= t.required_confirmations;
    return page(
      reply,
      "Transfer",
      `<h1>Transfer ${done ? "confirmed" : "confirming"}</h1><p class="amount">${escapeHtml(t.amount)} ${escapeHtml(t.currency_code)}</p>
<p>To <code>${escapeHtml(t.address)}</code>${t.destination_tag ? ` tag <code>${escapeHtml(t.destination_tag)}</code>` : ""} on ${escapeHtml(t.network)}</p>
<p data-testid="confirmations">${t.confirmations} / ${t.required_confirmations} confirmations</p><p class="muted">tx ${t.tx_hash}</p>
${done ? "" : `<form method="post" action="/sandbox-psp/crypto/transfers/${t.tx_hash}/mine"><button type="submit">Mine a block now</button></form><p class="muted">A block is mined automatically every few seconds.</p>`}`,
      { refreshSeconds: done ? undefined : 2 },
    );
  });

  app.post("/crypto/transfers/:hash/mine", { schema: { hide: true, params: hashParams } }, async (request, reply) => {
    await mineSandboxBlock(db, { blockMs: 0, txHash: request.params.hash });
    return reply.redirect(`/sandbox-psp/crypto/transfers/${request.params.hash}`, 303);
  });
};
