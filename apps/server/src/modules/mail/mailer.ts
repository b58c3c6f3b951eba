import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { devOutbox } from "@croupier/db/schema/index";
import type { Env } from "../../env.ts";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise, outside production, the dev outbox table (GET /dev/outbox)
 * so every mail flow can be followed locally and in tests. In production without SMTP the mail
 * is dropped with a warning that names no recipient or content.
 */
export function createMailer(env: Env, db: Db, log: FastifyBaseLogger): Mailer {
  const smtpUrl = env.SMTP_URL;
  if (smtpUrl) {
    // nodemailer is loaded with the first mail, not at every server start (ADR 039).
    let transport: Promise<Transporter> | undefined;
    return {
      send: async (mail) => {
        transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
        await (await transport).sendMail({ from: env.MAIL_FROM, ...mail });
      },
    };
  }
  if (env.NODE_ENV === "production") {
    return {
      send: async (mail) => {
        log.warn({ subject: mail.subject }, "mail not sent: SMTP_URL is not configured");
      },
    };
  }
  return {
    send: async (mail) => {
      await db.insert(devOutbox).values({
        channel: "email",
        recipient: mail.to,
        subject: mail.subject.slice(0, 200),
        text: mail.text.slice(0, 20_000),
        html: mail.html?.slice(0, 50_000) ?? null,
      });
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain mail with one call-to-action link, as text and HTML. */
export function linkMail(input: { to: string; subject: string; intro: string; link: string; action: string; outro?: string }): Mail {
  const text = [input.intro, "", `${input.action}: ${input.link}`, "", input.outro ?? ""].join("\n").trim();
  const html = `<p>${escapeHtml(input.intro)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(input.action)}</a></p>${
    input.outro ? `<p>${escapeHtml(input.outro)}</p>` : ""
  }`;
  return { to: input.to, subject: input.subject, text, html };
}
