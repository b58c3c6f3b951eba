import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply } from "fastify";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { queryRows } from "../../../../lib/sql-executor.ts";
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

// The web app's theme (apps/web/app/app.css @theme): the first payment page a new player sees looks like the product.
const STYLE = `:root{color-scheme:dark;--ink-950:#07090f;--ink-850:#11141f;--ink-800:#161a28;--ink-700:#1f2436;--ink-600:#2a3048;--ink-500:#3b4263;
--mist-400:#9aa3c0;--mist-300:#b8bfd6;--mist-100:#e8ebf5;--gold-300:#ffe19a;--gold-400:#ffcf5c;--gold-500:#f5b425;--gold-600:#d99a1e;--felt-400:#34d399;--ruby-400:#fb7185}
*{box-sizing:border-box}html{background:var(--ink-950)}
body{margin:0;min-height:100vh;font:15px/1.5 "Inter",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--mist-100);-webkit-font-smoothing:antialiased;
background:radial-gradient(60rem 30rem at 50% -10rem,rgb(245 180 37 / .08),transparent 70%),var(--ink-950)}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.banner{display:flex;gap:.5rem;align-items:flex-start;margin:0 0 1rem;padding:.6rem .8rem;border:1px solid rgb(245 180 37 / .35);border-radius:.75rem;background:rgb(245 180 37 / .08);color:var(--gold-300);font-size:.8125rem}
.banner svg{flex:none;width:1rem;height:1rem;margin-top:.15rem}
.card{border:1px solid var(--ink-700);border-radius:1rem;background:var(--ink-850);padding:1.25rem;margin-bottom:1rem}
@media (min-width:30rem){.card{padding:1.5rem}}
h1{margin:0 0 .75rem;font-size:1.25rem;line-height:1.3;color:#fff}h2{margin:0 0 .5rem;font-size:.9375rem;color:#fff}
.merchant{display:flex;align-items:center;gap:.75rem;margin-bottom:1rem}
.logo{display:grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:.75rem;background:linear-gradient(to bottom,var(--gold-400),var(--gold-600));color:var(--ink-950);font-weight:800;font-size:1.1rem}
.merchant-name{font-weight:600;color:#fff}.merchant-sub{font-size:.8125rem;color:var(--mist-400)}
.amount{margin:0;font-size:2rem;font-weight:700;letter-spacing:-.01em;color:#fff;font-variant-numeric:tabular-nums}
.amount-label{margin:0;font-size:.8125rem;color:var(--mist-400)}
label,legend{display:block;margin:1rem 0 .375rem;padding:0;font-size:.8125rem;font-weight:600;color:var(--mist-300)}
fieldset{border:0;margin:1rem 0 0;padding:0;min-width:0}fieldset label{margin-top:0;font-weight:500;color:var(--mist-400)}
input,select{display:block;width:100%;height:2.75rem;padding:0 .75rem;border:1px solid var(--ink-600);border-radius:.625rem;background:var(--ink-800);color:var(--mist-100);font:inherit;font-size:1rem}
input::placeholder{color:var(--ink-500)}input:hover,select:hover{border-color:var(--ink-500)}
input[aria-invalid="true"],select[aria-invalid="true"]{border-color:var(--ruby-400)}
:focus-visible{outline:2px solid var(--gold-400);outline-offset:2px}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}.expiry-cvv{display:grid;grid-template-columns:2fr 1fr;gap:.75rem;align-items:end}
@media (max-width:22rem){.expiry-cvv{grid-template-columns:1fr}}
.hint{margin:.375rem 0 0;font-size:.75rem;color:var(--mist-400)}
.field-error,.error{margin:.375rem 0 0;font-size:.8125rem;color:var(--ruby-400)}
.alert{margin:0 0 1rem;padding:.6rem .8rem;border:1px solid rgb(251 113 133 / .4);border-radius:.625rem;background:rgb(251 113 133 / .08);color:var(--ruby-400);font-size:.875rem}
.check{display:flex;gap:.5rem;align-items:center;margin:1rem 0 0;font-weight:500;color:var(--mist-300)}
.check input{width:1.125rem;height:1.125rem;margin:0;accent-color:var(--gold-500)}
button{display:flex;align-items:center;justify-content:center;gap:.5rem;width:100%;height:2.75rem;margin-top:.75rem;border:1px solid var(--ink-600);border-radius:.625rem;background:var(--ink-800);color:var(--mist-100);font:inherit;font-weight:600;cursor:pointer}
button:hover{border-color:var(--ink-500);background:var(--ink-700)}
button.primary{margin-top:1.25rem;border:0;background:linear-gradient(to bottom,var(--gold-400),var(--gold-600));color:var(--ink-950);box-shadow:0 4px 14px -4px rgb(245 180 37 / .5)}
button.primary:hover{background:linear-gradient(to bottom,var(--gold-300),var(--gold-500))}
.muted{color:var(--mist-400);font-size:.8125rem}a{color:var(--gold-400);text-underline-offset:2px}
table{width:100%;border-collapse:collapse;font-size:.8125rem}td{padding:.4rem .5rem .4rem 0;border-top:1px solid var(--ink-700);vertical-align:top}tr:first-child td{border-top:0}
code{font:500 .8125rem ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--mist-100);white-space:nowrap}
.code{font:600 1.5rem ui-monospace,monospace;letter-spacing:.25rem;color:#fff}
.footer{margin:0;text-align:center;font-size:.75rem;color:var(--mist-400)}`;

const FLASK = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3"/></svg>`;

function page(reply: FastifyReply, title: string, body: string, options: { refreshSeconds?: number; status?: number; after?: string } = {}) {
  reply.status(options.status ?? 200);
  reply.header("content-type", "text/html; charset=utf-8");
  reply.header("cache-control", "no-store");
  reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : "";
  // An empty icon: without it the browser asks for /favicon.ico, which is not ours to answer here.
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}<title>${escapeHtml(title)} · Sandbox PSP</title>
<link rel="icon" href="data:,"><meta name="color-scheme" content="dark"><style>${STYLE}</style></head>
<body><main><p class="banner" role="note">${FLASK}<span><strong>Test mode.</strong> Sandbox payment provider: test money only, no real card is charged.</span></p>
<section class="card">${body}</section>${options.after ?? ""}<p class="footer">Sandbox PSP · <a href="/sandbox-psp">test cards and how the sandbox behaves</a></p></main></body></html>`;
}

/**
 * The expiry the card form starts with: December of next year, always in the future, so the README's
 * test card goes through on the first try without touching the expiry (it used to start at January
 * of this year, already past for eleven months of it).
 */
export function defaultCardExpiry(now = new Date()): { month: number; year: number } {
  return { month: 12, year: now.getUTCFullYear() + 1 };
}

const CARD_ERROR_FIELD = { invalid_number: "card_number", expired: "exp_month", invalid_cvv: "cvv" } as const;

/** Attributes tying a field to the page's error message when the error is about that field. */
const invalidIf = (error: keyof typeof CARD_ERRORS | undefined, field: string) =>
  error && CARD_ERROR_FIELD[error] === field ? ` aria-invalid="true" aria-describedby="card-error"` : "";

function newCardFields(error: keyof typeof CARD_ERRORS | undefined, now = new Date()): string {
  const expiry = defaultCardExpiry(now);
  const year = now.getUTCFullYear();
  const months = Array.from({ length: 12 }, (_, i) => {
    const value = String(i + 1).padStart(2, "0");
    return `<option value="${value}"${i + 1 === expiry.month ? " selected" : ""}>${value}</option>`;
  }).join("");
  const years = Array.from({ length: 12 }, (_, i) => `<option${year + i === expiry.year ? " selected" : ""}>${year + i}</option>`).join("");
  return `<label for="holder">Name on card</label>
<input id="holder" name="holder" autocomplete="cc-name" maxlength="100" required placeholder="As printed on the card">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required placeholder="4242 4242 4242 4242" aria-describedby="card_number-hint"${invalidIf(error, "card_number").replace('aria-describedby="card-error"', 'aria-describedby="card-error card_number-hint"')}>
<p class="hint" id="card_number-hint">Test card 4242 4242 4242 4242 succeeds; see the list below for the others.</p>
<div class="expiry-cvv"><fieldset><legend>Expiry date</legend><div class="grid">
<div><label for="exp_month">Month</label><select id="exp_month" name="exp_month" autocomplete="cc-exp-month"${invalidIf(error, "exp_month")}>${months}</select></div>
<div><label for="exp_year">Year</label><select id="exp_year" name="exp_year" autocomplete="cc-exp-year"${invalidIf(error, "exp_month")}>${years}</select></div>
</div></fieldset>
<div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" pattern="[0-9]{3,4}" maxlength="4" required placeholder="123" aria-describedby="cvv-hint"${invalidIf(error, "cvv").replace('aria-describedby="card-error"', 'aria-describedby="card-error cvv-hint"')}></div></div>
<p class="hint" id="cvv-hint">Any 3 digits (4 for American Express).</p>
<label class="check"><input type="checkbox" name="save_card" value="true"> Save this card for next time</label>`;
}

const testCardsSection = () =>
  `<section class="card" aria-labelledby="test-cards-title"><h2 id="test-cards-title">Test cards</h2>
<p class="muted">Any future expiry and any 3-digit CVV. Any other valid card number succeeds.</p>
<table>${SANDBOX_TEST_CARDS.map((c) => `<tr><td><code>${c.number.replace(/(\d{4})/g, "$1 ").trim()}</code></td><td>${escapeHtml(c.description)}</td></tr>`).join("")}</table></section>`;

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
      const cardError = request.query.error;
      const error = cardError ? `<p class="alert" role="alert" id="card-error">${CARD_ERRORS[cardError]}</p>` : "";
      const [saved, merchant] = await Promise.all([
        checkout.card_token
          ? queryRows<{ bin: string; last4: string; brand: string }>(db, sql`SELECT bin, last4, brand FROM sandbox_psp_cards WHERE token = ${checkout.card_token}`)
          : Promise.resolve([]),
        // The sandbox's one merchant account is this installation's project.
        queryRows<{ name: string }>(db, sql`SELECT name FROM project_settings ORDER BY created_at LIMIT 1`),
      ]);
      const savedCard = saved[0];
      const merchantName = merchant[0]?.name ?? "Merchant";
      const amount = `${escapeHtml(checkout.amount)} ${escapeHtml(checkout.currency_code)}`;
      const cardFields = savedCard
        ? `<p>Pay with your saved ${escapeHtml(savedCard.brand)} •••• ${escapeHtml(savedCard.last4)}</p><label for="cvv">Security code (CVV)</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" pattern="[0-9]{3,4}" maxlength="4" required${invalidIf(cardError, "cvv")}>`
        : newCardFields(cardError);
      return page(
        reply,
        `Pay ${merchantName}`,
        `<div class="merchant"><span class="logo" aria-hidden="true">${escapeHtml(merchantName.slice(0, 1).toUpperCase())}</span>
<div><div class="merchant-name">${escapeHtml(merchantName)}</div><div class="merchant-sub" title="${escapeHtml(checkout.merchant_reference)}">Deposit · ref. ${escapeHtml(checkout.merchant_reference.slice(0, 8))}</div></div></div>
<h1>Pay by card</h1><p class="amount-label">Amount</p><p class="amount" data-testid="amount">${amount}</p>
<form method="post" action="/sandbox-psp/checkout/${checkout.guid}/pay">${error}${cardFields}<button class="primary" type="submit">Pay ${amount}</button></form>
<form method="post" action="/sandbox-psp/checkout/${checkout.guid}/cancel"><button type="submit">Cancel and return to ${escapeHtml(merchantName)}</button></form>`,
        { after: savedCard ? undefined : testCardsSection() },
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
