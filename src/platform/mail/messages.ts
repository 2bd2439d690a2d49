/**
 * The shop's emails, each in plain text and HTML. Mail clients load nothing
 * relative and drop scripts and most SVG, so the logo is a text wordmark, the
 * styles are inline and every link is absolute on the shop's address. Every
 * value that comes from a shopper or the catalog is escaped by Hono's `html`
 * template.
 */
import { html as honoHtml, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { countryName } from "../../core/checkout/checkout.ts";
import { formatMoney } from "../../core/money/money.ts";
import { kitContentsText, orderSummary } from "../../core/orders/order-summary.ts";
import { SOURCE_LOCALE, languageOf } from "../../core/i18n/locales.ts";
import type { Translate } from "../../core/i18n/messages.ts";
import { regionName } from "../../core/sites/geo.ts";
import { taxLineLabel } from "../../core/tax/tax.ts";
import type { EmailWords } from "./email-words.ts";
import { formatGiftCardCode } from "../../core/money/gift-cards.ts";
import type { OrderJson } from "../../core/contract/storefront.ts";
import type { MailMessage } from "./mailer.ts";
import type { ContactInput } from "../../core/content/contact-schema.ts";
import type { RecommendedProduct } from "../../core/marketing/newsletter.ts";
import { longDay } from "../../core/i18n/dates.ts";

type Html = HtmlEscapedString;

/** Hono's `html` template; nothing in these emails is a promise, so the result is always a string. */
const html = (strings: TemplateStringsArray, ...values: unknown[]): Html => honoHtml(strings, ...values) as Html;

const INK = "#1d3a2f";
const TEXT = "#25332c";
const MUTED = "#56655d";
const LINE = "#e2d9ca";
const FONT = "font-family:Helvetica,Arial,sans-serif";

/** The shop's address without a trailing slash, so `${shopUrl}/path` is one slash. */
const base = (shopUrl: string) => shopUrl.replace(/\/+$/, "");

function button(href: string, label: string): Html {
  return html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${INK};color:#ffffff;${FONT};font-size:16px;font-weight:bold;text-decoration:none;padding:12px 24px;border-radius:6px">${label}</a></p>`;
}

const paragraph = (content: Html | string) => html`<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:1.5;color:${TEXT}">${content}</p>`;

/** The frame every email shares: the wordmark linking home, the content, a footer with the shop's address. */
function layout({ title, shopName, shopUrl, content, lang = SOURCE_LOCALE }: { title: string; shopName: string; shopUrl: string; content: Html; lang?: string }): string {
  const home = `${base(shopUrl)}/`;
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:#f7f3ec">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f3ec">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#fffdf9;border:1px solid ${LINE};border-radius:8px">
<tr><td style="padding:24px 32px;border-bottom:1px solid ${LINE}"><a href="${home}" style="font-family:Georgia,'Times New Roman',serif;font-size:26px;letter-spacing:0.02em;color:${INK};text-decoration:none">${shopName}</a></td></tr>
<tr><td style="padding:32px">${content}</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${LINE};${FONT};font-size:13px;line-height:1.5;color:${MUTED}">${shopName} · <a href="${home}" style="color:${MUTED}">${home}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`.toString();
}

/** Plain text with the shop's name on top and its address at the foot. */
const plainText = (shopName: string, shopUrl: string, lines: string[]) => [shopName, "", ...lines, "", "--", `${shopName} · ${base(shopUrl)}/`, ""].join("\n");

export interface WelcomeMessageInput {
  to: string;
  firstName: string;
  shopName: string;
  /** The address of the site the shopper registered on, with its prefix ("…/fr-fr"). */
  shopUrl: string;
  /** The words of the shopper's language. */
  words: EmailWords;
}

/** Sent when a shopper creates an account, in the language of the site they registered on. */
export function welcomeMessage({ to, firstName, shopName, shopUrl, words }: WelcomeMessageInput): MailMessage {
  const { t, locale } = words;
  const account = `${base(shopUrl)}/account`;
  const subject = t("email_welcome_subject", { shopName });
  const hello = t("email_hi_name", { firstName });
  const ready = t("email_welcome_ready", { shopName });
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [hello, "", ready, "", `${t("email_welcome_account_label")} ${account}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(hello)}${paragraph(ready)}${button(account, t("email_welcome_account"))}`,
    }),
  };
}

export interface PasswordResetMessageInput {
  to: string;
  firstName: string;
  shopName: string;
  /** The single-use reset address, absolute on the customer's site. */
  resetUrl: string;
  /** The customer's site, where the email's other links lead. */
  shopUrl: string;
  /** The words of the customer's language. */
  words: EmailWords;
}

/** Sent when a customer asks to reset their password. */
export function passwordResetMessage({ to, firstName, shopName, resetUrl, shopUrl, words }: PasswordResetMessageInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_reset_subject", { shopName });
  const hello = t("email_hi_name", { firstName });
  const ignore = t("email_reset_ignore");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [hello, "", t("email_reset_at_address"), resetUrl, "", ignore]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(hello)}${paragraph(t("email_reset_with_button"))}${button(resetUrl, t("email_new_password"))}${paragraph(
        html`${t("email_reset_paste")} <a href="${resetUrl}" style="color:${INK};word-break:break-all">${resetUrl}</a>`,
      )}${paragraph(ignore)}`,
    }),
  };
}

export interface AccountNoticeInput {
  to: string;
  firstName: string;
  shopName: string;
  /** The address of the customer's site. */
  shopUrl: string;
  /** The words of the customer's language. */
  words: EmailWords;
}

/** Sent to an account's owner when its password has been guessed wrong several times: a way to a new password, and reassurance. */
export function failedLoginsMessage({ to, firstName, shopName, shopUrl, words }: AccountNoticeInput): MailMessage {
  const { t, locale } = words;
  const recoverUrl = `${base(shopUrl)}/account/recover`;
  const subject = t("email_failed_logins_subject", { shopName });
  const hello = t("email_hi_name", { firstName });
  const what = t("email_failed_logins_what");
  const was = t("email_failed_logins_was");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [hello, "", what, "", was, "", `${t("email_new_password_label")} ${recoverUrl}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(hello)}${paragraph(what)}${paragraph(was)}${button(recoverUrl, t("email_new_password"))}`,
    }),
  };
}

/** Sent to an account's owner instead of telling whoever registered that the email is taken. */
export function registrationAttemptMessage({ to, firstName, shopName, shopUrl, words }: AccountNoticeInput): MailMessage {
  const { t, locale } = words;
  const loginUrl = `${base(shopUrl)}/account/login`;
  const recoverUrl = `${base(shopUrl)}/account/recover`;
  const subject = t("email_registration_attempt_subject", { shopName });
  const hello = t("email_hi_name", { firstName });
  const what = t("email_registration_attempt_what");
  const next = t("email_registration_attempt_next");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [hello, "", what, "", next, "", `${t("email_log_in_label")} ${loginUrl}`, `${t("email_new_password_label")} ${recoverUrl}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(hello)}${paragraph(what)}${paragraph(next)}${button(loginUrl, t("email_log_in"))}${paragraph(
        html`${t("email_forgotten_password")} <a href="${recoverUrl}" style="color:${INK}">${t("email_choose_new_one")}</a>.`,
      )}`,
    }),
  };
}

export interface OrderConfirmationInput {
  order: OrderJson;
  shopName: string;
  shopUrl: string;
  /** The money format of the site the order was placed on, such as `£{{amount}}` or `{{amount_with_comma_separator}} €`. */
  moneyFormat: string;
  /** The words of the order's language. */
  words: EmailWords;
}

/** Properties a shopper gave a line (a note, an engraving); ones starting with `_` are the shop's own. */
const visibleProperties = (properties: Record<string, string>) => Object.entries(properties ?? {}).filter(([name, value]) => !name.startsWith("_") && value !== "");

/** The delivery address's lines, the country named in the email's language. */
function addressLines(address: OrderJson["shipping_address"], locale: string = SOURCE_LOCALE): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.address1,
    ...(address.address2 ? [address.address2] : []),
    `${address.city}${address.province ? `, ${address.province}` : ""} ${address.zip}`,
    languageOf(locale) === languageOf(SOURCE_LOCALE) ? countryName(address.country) : regionName(address.country, locale),
  ];
}

/** "Subtotal: £10" / "Sous-total : 10,00 €": the colon as the language writes it (French puts a space before it). */
const labelled = (t: Translate, label: string, value: string) => `${label}${t("email_label_colon")} ${value}`;

/** The order's delivery under its method's name, and the code that made it free. */
function shippingLabel(order: OrderJson, t: Translate): string {
  const method = t(order.shipping_method === "express" ? "email_order_shipping_express" : "email_order_shipping");
  const freeWith = order.discount_applications.find((application) => application.target_type === "shipping_line");
  return freeWith ? t("email_order_shipping_free_with", { method, code: freeWith.title }) : method;
}

/** Sent for every order placed, by a guest or a customer: the lines, the totals and where it goes, in the order's language. */
export function orderConfirmationMessage({ order, shopName, shopUrl, moneyFormat, words }: OrderConfirmationInput): MailMessage {
  const { t, locale } = words;
  const money = (cents: number) => formatMoney(cents, moneyFormat);
  const orderUrl = `${base(shopUrl)}/orders/${order.token}`;
  const firstName = order.shipping_address.first_name;
  const subject = t("email_order_confirmed_subject", { name: order.name });
  const intro = t("email_order_confirmed_intro", { firstName, name: order.name });
  const testNote = t("email_order_test_note");
  const free = t("email_order_free");
  // The same view as the order page and the checkout, so the email adds up as they do.
  const view = orderSummary(order);
  const lines = view.lines.map((line) => ({
    title: line.title,
    quantity: line.quantity,
    price: line.final_line_price <= 0 ? free : money(line.final_line_price),
    notes: [
      ...(line.note ? [t("email_order_free_gift")] : []),
      ...(line.contents.length ? [t("email_order_includes", { contents: kitContentsText(line.contents) })] : []),
      ...line.savings.map((saving) => labelled(t, saving.title, `-${money(saving.amount)}`)),
      ...visibleProperties(order.line_items.find((item) => item.key === line.key)?.properties ?? {}).map(([name, value]) => labelled(t, name, value)),
    ],
  }));
  const taxRows =
    view.tax.kind === "added" ? view.tax.lines.map((line) => ({ label: taxLineLabel(line), amount: money(line.price) })) : [];
  const taxNote =
    view.tax.kind === "included" ? t("email_order_tax_included", { amount: money(view.tax.total), taxes: new Intl.ListFormat(locale, { type: "conjunction" }).format(new Set(view.tax.lines.map((line) => line.title))) }) : null;
  const totals: { label: string; amount: string; strong?: boolean }[] = [
    { label: t("email_order_subtotal"), amount: money(view.subtotal) },
    ...view.discounts.map((discount) => ({ label: t("email_order_discount", { title: discount.title }), amount: `-${money(discount.amount)}` })),
    { label: shippingLabel(order, t), amount: view.shipping === 0 ? t("email_order_shipping_free") : money(view.shipping) },
    ...taxRows,
    { label: t("email_order_total"), amount: money(view.total), strong: true },
    // "Including £4.80 VAT" stands alone under the total: it is part of it, not added to it.
    ...(taxNote ? [{ label: taxNote, amount: "" }] : []),
    ...(view.giftCard
      ? [
          { label: t("email_order_gift_card", { last: view.giftCard.lastCharacters }), amount: `-${money(view.giftCard.amount)}` },
          { label: t("email_order_left_to_pay"), amount: money(view.giftCard.outstanding), strong: true },
        ]
      : []),
  ];
  const address = addressLines(order.shipping_address, locale);
  const yourOrder = t("email_order_your_order");
  const deliveringTo = t("email_order_delivering_to");

  const text = plainText(shopName, shopUrl, [
    intro,
    ...(order.test ? [testNote] : []),
    "",
    yourOrder,
    ...lines.flatMap((line) => [`  ${line.quantity} × ${line.title} — ${line.price}`, ...line.notes.map((note) => `      ${note}`)]),
    "",
    ...totals.map(({ label, amount }) => (amount ? labelled(t, label, amount) : label)),
    "",
    deliveringTo,
    ...address,
    "",
    `${t("email_order_view_label")} ${orderUrl}`,
  ]);

  const cell = `padding:8px 0;border-bottom:1px solid ${LINE};${FONT};font-size:15px;line-height:1.4;color:${TEXT};vertical-align:top`;
  const heading = (label: string) => html`<h2 style="margin:24px 0 8px;${FONT};font-size:18px;color:${INK}">${label}</h2>`;
  const content = html`<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${INK}">${subject}</h1>
${paragraph(intro)}${order.test ? paragraph(html`<strong>${testNote}</strong>`) : ""}
${heading(yourOrder)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${lines.map(
  (line) =>
    html`<tr><td style="${cell}">${line.quantity} × ${line.title}${line.notes.map(
      (note) => html`<br><span style="font-size:13px;color:${MUTED}">${note}</span>`,
    )}</td><td align="right" style="${cell};white-space:nowrap">${line.price}</td></tr>`,
)}
${totals.map(
  ({ label, amount, strong }) =>
    html`<tr><td style="${cell}${strong ? ";font-weight:bold" : ""}">${label}</td><td align="right" style="${cell};white-space:nowrap${strong ? ";font-weight:bold" : ""}">${amount}</td></tr>`,
)}
</table>
${heading(deliveringTo)}
<p style="margin:0 0 16px;${FONT};font-size:15px;line-height:1.5;color:${TEXT}">${address.map((part, index) => (index ? html`<br>${part}` : part))}</p>
${button(orderUrl, t("email_order_view"))}`;

  return { to: order.email, subject, text, html: layout({ title: subject, shopName, shopUrl, content, lang: locale }) };
}

export interface GiftCardMessageInput {
  to: string;
  /** The full code, sent only here. */
  code: string;
  /** Minor units. */
  value: number;
  shopName: string;
  shopUrl: string;
  moneyFormat: string;
  /** The words of the order's language. */
  words: EmailWords;
}

/** A gift card bought: its code and value, and how to spend it, in the order's language. */
export function giftCardMessage({ to, code, value, shopName, shopUrl, moneyFormat, words }: GiftCardMessageInput): MailMessage {
  const { t, locale } = words;
  const amount = formatMoney(value, moneyFormat);
  const printed = formatGiftCardCode(code);
  const subject = t("email_gift_card_subject", { amount, shopName });
  const how = t("email_gift_card_how");
  const text = plainText(shopName, shopUrl, [
    t("email_gift_card_here", { amount }),
    "",
    `${t("email_gift_card_code")} ${printed}`,
    "",
    how,
    "",
    `${t("email_shop_now_label")} ${base(shopUrl)}/`,
  ]);
  const content = html`<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${INK}">${t("email_gift_card_heading", { amount })}</h1>
${paragraph(t("email_gift_card_keep"))}
<p style="margin:24px 0;padding:16px;border:1px dashed ${INK};border-radius:6px;text-align:center;font-family:'Courier New',monospace;font-size:22px;letter-spacing:0.08em;color:${INK}">${printed}</p>
${paragraph(how)}
${button(`${base(shopUrl)}/`, t("email_shop_now"))}`;
  return { to, subject, text, html: layout({ title: subject, shopName, shopUrl, content, lang: locale }) };
}

export interface BookingMessageInput {
  to: string;
  name: string;
  reference: string;
  /** What was booked, in a sentence: "A video call on Tuesday 24 November at 09:30." */
  summary: string;
  shopName: string;
  shopUrl: string;
}

/** Sent to the shopper when a skin consultation is booked. */
export function bookingConfirmationMessage({ to, name, reference, summary, shopName, shopUrl }: BookingMessageInput): MailMessage {
  const subject = `Your free skin consultation (${reference})`;
  const next = "One of our skin therapists will be in touch to confirm. To change or cancel, just reply to this email.";
  const builder = `${base(shopUrl)}/pages/routine-builder`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [`Hi ${name},`, "", `Thank you for booking a free skin consultation. ${summary}`, `Your reference: ${reference}`, "", next, "", `Build your routine meanwhile: ${builder}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      content: html`${paragraph(html`Hi ${name},`)}${paragraph(html`Thank you for booking a free skin consultation. ${summary}`)}${paragraph(
        html`Your reference: <strong>${reference}</strong>`,
      )}${paragraph(next)}${button(builder, "Build your routine")}`,
    }),
  };
}

/** Sent to the shop's address so a therapist takes the booking up. */
export function bookingNoticeMessage({ to, name, reference, summary, shopName, shopUrl, email, message }: BookingMessageInput & { email: string; message: string | null }): MailMessage {
  const subject = `New consultation booking ${reference}`;
  const lines = [`${name} <${email}> booked a consultation. ${summary}`, ...(message ? ["", "Their message:", message] : []), "", `Reference: ${reference}`];
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, lines),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      content: html`${paragraph(html`${name} &lt;${email}&gt; booked a consultation. ${summary}`)}${message ? paragraph(html`Their message: ${message}`) : ""}${paragraph(html`Reference: <strong>${reference}</strong>`)}`,
    }),
  };
}

export interface ContactMessageInput {
  to: string;
  shopName: string;
  shopUrl: string;
  message: ContactInput;
}

/** A shopper's text with its line breaks kept, escaped. */
const withBreaks = (text: string) => raw(text.split("\n").map((line) => html`${line}`.toString()).join("<br>")) as Html;

/** The details a contact message came with, one per line. */
function contactDetails(message: ContactInput): string[] {
  return [
    `From: ${message.name} <${message.email}>`,
    ...(message.phone ? [`Phone: ${message.phone}`] : []),
    ...(message.orderNumber ? [`Order: ${message.orderNumber}`] : []),
  ];
}

/** A shopper's message from the contact form, sent to the shop's address; a reply goes to the shopper. */
export function contactNoticeMessage({ to, shopName, shopUrl, message }: ContactMessageInput): MailMessage {
  const subject = `Contact form: ${message.name}${message.orderNumber ? ` about order ${message.orderNumber}` : ""}`;
  const details = contactDetails(message);
  return {
    to,
    replyTo: message.email,
    subject,
    text: plainText(shopName, shopUrl, [...details, "", message.body]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      content: html`${raw(details.map((line) => paragraph(line).toString()).join(""))}${paragraph(withBreaks(message.body))}`,
    }),
  };
}

/** Tells the shopper their message arrived, with a copy of it. */
export function contactConfirmationMessage({ to, shopName, shopUrl, message }: ContactMessageInput): MailMessage {
  const subject = `We have your message – ${shopName}`;
  const reply = "Thank you for writing to us. We reply within one working day; there is no need to send your message again.";
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [`Hi ${message.name},`, "", reply, "", "Your message:", message.body]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      content: html`${paragraph(html`Hi ${message.name},`)}${paragraph(reply)}${paragraph("Your message:")}${paragraph(withBreaks(message.body))}`,
    }),
  };
}

export interface NewsletterConfirmInput {
  to: string;
  confirmUrl: string;
  shopName: string;
  /** The address of the site the shopper signed up on. */
  shopUrl: string;
  /** The words of the subscriber's language. */
  words: EmailWords;
}

/** A list email's foot: the one-click way out. */
const leaveLine = (leave: string, unsubscribeUrl: string, unsubscribe: string) =>
  html`<p style="margin:24px 0 0;${FONT};font-size:13px;color:${MUTED}">${leave} <a href="${unsubscribeUrl}" style="color:${MUTED}">${unsubscribe}</a></p>`;

/** The double opt-in: nothing else goes to the address until its owner follows this link. */
export function newsletterConfirmMessage({ to, confirmUrl, shopName, shopUrl, words }: NewsletterConfirmInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_newsletter_confirm_subject", { shopName });
  const why = t("email_newsletter_confirm_why");
  const ignore = t("email_newsletter_confirm_ignore");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [why, "", `${t("email_confirm_label")} ${confirmUrl}`, "", ignore]),
    html: layout({ title: subject, shopName, shopUrl, lang: locale, content: html`${paragraph(why)}${button(confirmUrl, t("email_newsletter_confirm_button"))}${paragraph(ignore)}` }),
  };
}

export interface NewsletterWelcomeInput {
  to: string;
  unsubscribeUrl: string;
  shopName: string;
  shopUrl: string;
  /** The words of the subscriber's language. */
  words: EmailWords;
  /** Products recommended for the subscriber's skin, as the sign-up form showed them. */
  picks?: readonly RecommendedProduct[];
  /** The skin type the picks are for, when the subscriber gave one. */
  skintype?: string | null;
}

/** Sent once the address is confirmed, with products picked for the subscriber's skin; like every list email, it ends with a one-click unsubscribe link. */
export function newsletterWelcomeMessage({ to, unsubscribeUrl, shopName, shopUrl, words, picks = [], skintype = null }: NewsletterWelcomeInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_newsletter_welcome_subject", { shopName });
  const welcome = t("email_newsletter_welcome_body");
  const leave = t("email_newsletter_welcome_leave");
  const picked = skintype ? t("email_newsletter_picked_for_skin", { skintype }) : t("email_newsletter_picked");
  const link = (product: RecommendedProduct) => `${base(shopUrl)}${product.url}`;
  const picksText = picks.length ? ["", picked, ...picks.map((product) => `- ${labelled(t, product.title, link(product))}`)] : [];
  const picksHtml = picks.length
    ? html`${paragraph(picked)}<ul style="margin:0 0 16px;padding:0 0 0 20px;${FONT};font-size:16px;line-height:1.6;color:${TEXT}">${picks.map((product) => html`<li><a href="${link(product)}" style="color:${INK}">${product.title}</a></li>`)}</ul>`
    : "";
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [welcome, ...picksText, "", `${t("email_shop_now_label")} ${base(shopUrl)}/`, "", `${leave} ${unsubscribeUrl}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(welcome)}${picksHtml}${button(`${base(shopUrl)}/`, t("email_shop_now"))}${leaveLine(leave, unsubscribeUrl, t("email_unsubscribe"))}`,
    }),
  };
}

/** Sent to a confirmed subscriber who signs up again, instead of telling the form that the address is on the list. */
export function newsletterAlreadySubscribedMessage({ to, unsubscribeUrl, shopName, shopUrl, words }: NewsletterWelcomeInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_newsletter_already_subject", { shopName });
  const already = t("email_newsletter_already_body");
  const leave = t("email_newsletter_already_leave");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [already, "", `${t("email_shop_now_label")} ${base(shopUrl)}/`, "", `${leave} ${unsubscribeUrl}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(already)}${button(`${base(shopUrl)}/`, t("email_shop_now"))}${leaveLine(leave, unsubscribeUrl, t("email_unsubscribe"))}`,
    }),
  };
}

export interface BundleReminderInput {
  to: string;
  items: { title: string; url: string }[];
  /** Where the saved picks wait to be finished. */
  resumeUrl: string;
  unsubscribeUrl: string;
  shopName: string;
  shopUrl: string;
}

/** The saved bundle's reminder: what the shopper picked, a way back to it, and the list's one-click unsubscribe. */
export function bundleReminderMessage({ to, items, resumeUrl, unsubscribeUrl, shopName, shopUrl }: BundleReminderInput): MailMessage {
  const subject = `Your routine is waiting – ${shopName}`;
  const intro = "You saved these picks for later. They are still here whenever you are ready:";
  const leave = "Rather not hear from us? Unsubscribe in one click:";
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [intro, "", ...items.map((item) => `- ${item.title}: ${item.url}`), "", `Pick up where you left off: ${resumeUrl}`, "", `${leave} ${unsubscribeUrl}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      content: html`${paragraph(intro)}<ul style="margin:0 0 16px;padding-left:20px;${FONT}">${items.map((item) => html`<li style="margin:0 0 6px"><a href="${item.url}" style="color:inherit">${item.title}</a></li>`)}</ul>${button(resumeUrl, "Pick up where I left off")}<p style="margin:24px 0 0;${FONT};font-size:13px;color:${MUTED}">${leave} <a href="${unsubscribeUrl}" style="color:${MUTED}">unsubscribe</a></p>`,
    }),
  };
}

export interface OrderShippedInput {
  order: OrderJson;
  trackingNumber: string;
  shopName: string;
  /** The address of the site the order was placed on. */
  shopUrl: string;
  /** The words of the order's language. */
  words: EmailWords;
}

/** Sent once staff mark an order fulfilled: what was sent, where, and the parcel's tracking number, in the order's language. */
export function orderShippedMessage({ order, trackingNumber, shopName, shopUrl, words }: OrderShippedInput): MailMessage {
  const { t, locale } = words;
  const orderUrl = `${base(shopUrl)}/orders/${order.token}`;
  const subject = t("email_shipped_subject", { name: order.name });
  const intro = t("email_shipped_intro", { firstName: order.shipping_address.first_name, name: order.name });
  const tracking = t("email_shipped_tracking");
  const inParcel = t("email_shipped_in_parcel");
  const deliveringTo = t("email_order_delivering_to");
  const lines = order.line_items.map((line) => `${line.quantity} × ${line.title}`);
  const address = addressLines(order.shipping_address, locale);
  const text = plainText(shopName, shopUrl, [
    intro,
    "",
    `${tracking} ${trackingNumber}`,
    "",
    inParcel,
    ...lines.map((line) => `  ${line}`),
    "",
    deliveringTo,
    ...address,
    "",
    `${t("email_order_view_label")} ${orderUrl}`,
  ]);
  const heading = (label: string) => html`<h2 style="margin:24px 0 8px;${FONT};font-size:18px;color:${INK}">${label}</h2>`;
  const content = html`<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${INK}">${subject}</h1>
${paragraph(intro)}${paragraph(html`${tracking} <strong>${trackingNumber}</strong>`)}
${heading(inParcel)}
<ul style="margin:0 0 16px;padding-left:20px;${FONT};font-size:15px;line-height:1.5;color:${TEXT}">${lines.map((line) => html`<li>${line}</li>`)}</ul>
${heading(deliveringTo)}
<p style="margin:0 0 16px;${FONT};font-size:15px;line-height:1.5;color:${TEXT}">${address.map((part, index) => (index ? html`<br>${part}` : part))}</p>
${button(orderUrl, t("email_order_view"))}`;
  return { to: order.email, subject, text, html: layout({ title: subject, shopName, shopUrl, content, lang: locale }) };
}

export interface OrderRefundInput {
  order: OrderJson;
  /** What this refund gives back, and how much of it went back onto the gift card that paid. */
  amount: number;
  giftCardAmount: number;
  /** The units given back, by title. */
  lines: { title: string; quantity: number }[];
  shipping: boolean;
  /** True when the whole order was cancelled. */
  cancelled: boolean;
  shopName: string;
  shopUrl: string;
  moneyFormat: string;
}

/** Sent once staff refund part of an order or cancel it: what was given back and where the money goes. */
export function orderRefundMessage({ order, amount, giftCardAmount, lines, shipping, cancelled, shopName, shopUrl, moneyFormat }: OrderRefundInput): MailMessage {
  const money = (cents: number) => formatMoney(cents, moneyFormat);
  const orderUrl = `${base(shopUrl)}/orders/${order.token}`;
  const subject = cancelled ? `Your order ${order.name} has been cancelled` : `A refund for your order ${order.name}`;
  const intro = cancelled
    ? `${order.shipping_address.first_name}, your order ${order.name} has been cancelled and nothing will be sent.`
    : `${order.shipping_address.first_name}, we have refunded part of your order ${order.name}.`;
  const where = [
    amount === 0 ? "Nothing was charged for it, so there is nothing to give back." : `We are giving back ${money(amount)}.`,
    ...(giftCardAmount > 0 ? [`${money(giftCardAmount)} of it goes back onto the gift card ending ${order.gift_card_last_characters ?? ""}.`] : []),
    ...(amount - giftCardAmount > 0 ? [`${money(amount - giftCardAmount)} goes back to the way you paid.${order.test ? " This was a test order, so no money was taken." : ""}`] : []),
  ];
  const items = [...lines.map((line) => `${line.quantity} × ${line.title}`), ...(shipping ? ["Shipping"] : [])];
  const text = plainText(shopName, shopUrl, [intro, "", ...where, "", "Refunded", ...items.map((item) => `  ${item}`), "", `View your order: ${orderUrl}`]);
  const content = html`<h1 style="margin:0 0 16px;font-family:Georgia,'Times New Roman',serif;font-size:24px;color:${INK}">${subject}</h1>
${paragraph(intro)}${where.map((line) => paragraph(line))}
<h2 style="margin:24px 0 8px;${FONT};font-size:18px;color:${INK}">Refunded</h2>
<ul style="margin:0 0 16px;padding-left:20px;${FONT};font-size:15px;line-height:1.5;color:${TEXT}">${items.map((item) => html`<li>${item}</li>`)}</ul>
${button(orderUrl, "View your order")}`;
  return { to: order.email, subject, text, html: layout({ title: subject, shopName, shopUrl, content }) };
}

/** What every product alert's email is given: the follower, the shop, the site's address and the alert's language. */
interface ProductAlertEmail {
  to: string;
  productName: string;
  shopName: string;
  /** The address of the site the shopper followed on, with its path prefix. */
  shopUrl: string;
  /** The words of the alert's language. */
  words: EmailWords;
}

/** A product alert's double opt-in: why it came, one button, and that ignoring it is enough. */
function alertConfirmMessage({ to, shopName, shopUrl, words }: ProductAlertEmail, parts: { subject: string; why: string; button: string; confirmUrl: string }): MailMessage {
  const { t, locale } = words;
  const ignore = t("email_alert_confirm_ignore");
  return {
    to,
    subject: parts.subject,
    text: plainText(shopName, shopUrl, [parts.why, "", `${t("email_alert_confirm_label")} ${parts.confirmUrl}`, "", ignore]),
    html: layout({ title: parts.subject, shopName, shopUrl, content: html`${paragraph(parts.why)}${button(parts.confirmUrl, parts.button)}${paragraph(ignore)}`, lang: locale }),
  };
}

export interface BackInStockConfirmInput extends ProductAlertEmail {
  confirmUrl: string;
}

/** The double opt-in for "email me when it's back": without the click the request never counts. */
export function backInStockConfirmMessage(input: BackInStockConfirmInput): MailMessage {
  const { t } = input.words;
  return alertConfirmMessage(input, {
    subject: t("email_alert_back_in_stock_confirm_subject", { shop: input.shopName }),
    why: t("email_alert_back_in_stock_confirm_why", { product: input.productName }),
    button: t("email_alert_back_in_stock_confirm_button"),
    confirmUrl: input.confirmUrl,
  });
}

export interface BackInStockAlertInput extends ProductAlertEmail {
  /** The price on the site the shopper asked on, formatted in its currency. */
  price: string;
  addUrl: string;
}

/** The one email a confirmed request earns when the variant is back: its price and a link that puts it in the cart. */
export function backInStockAlertMessage({ to, productName, price, addUrl, shopName, shopUrl, words }: BackInStockAlertInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_alert_back_in_stock_subject", { product: productName, shop: shopName });
  const back = t("email_alert_back_in_stock_body", { product: productName, price });
  const once = t("email_alert_back_in_stock_once");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [back, "", `${t("email_alert_back_in_stock_add_label")} ${addUrl}`, "", once]),
    html: layout({ title: subject, shopName, shopUrl, content: html`${paragraph(back)}${button(addUrl, t("email_alert_back_in_stock_add"))}${paragraph(once)}`, lang: locale }),
  };
}

export interface ReviewConfirmInput {
  to: string;
  productName: string;
  confirmUrl: string;
  shopName: string;
  shopUrl: string;
}

/** A guest's review counts once they follow this link: it proves the address is theirs. */
export function reviewConfirmMessage({ to, productName, confirmUrl, shopName, shopUrl }: ReviewConfirmInput): MailMessage {
  const subject = `Confirm your review of ${productName} – ${shopName}`;
  const why = `Thank you for reviewing ${productName}. Confirm that this address is yours and we will read your review before it is published.`;
  const ignore = "If you did not write a review, ignore this email: nothing will be published.";
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [why, "", `Confirm: ${confirmUrl}`, "", ignore]),
    html: layout({ title: subject, shopName, shopUrl, content: html`${paragraph(why)}${button(confirmUrl, "Confirm my review")}${paragraph(ignore)}` }),
  };
}

export interface ReviewPublishedInput {
  to: string;
  productName: string;
  productUrl: string;
  shopName: string;
  shopUrl: string;
}

/** The shopper's review is on the product page now. */
export function reviewPublishedMessage({ to, productName, productUrl, shopName, shopUrl }: ReviewPublishedInput): MailMessage {
  const subject = `Your review of ${productName} is published – ${shopName}`;
  const done = `Your review of ${productName} is now on its page, where it helps other shoppers choose. Thank you for taking the time.`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [done, "", `See it: ${productUrl}#reviews`]),
    html: layout({ title: subject, shopName, shopUrl, content: html`${paragraph(done)}${button(`${productUrl}#reviews`, "See my review")}` }),
  };
}

export interface ReviewRequestInput {
  to: string;
  firstName: string | null;
  orderName: string;
  /** Each product bought: its name and its page's address. */
  products: { name: string; url: string }[];
  shopName: string;
  shopUrl: string;
  /** The words of the order's language. */
  words: EmailWords;
}

/** After delivery: one email per order asking what the customer thought of each product; each star opens the form with those stars chosen. */
export function reviewRequestMessage({ to, firstName, orderName, products, shopName, shopUrl, words }: ReviewRequestInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_review_request_subject", { orderName, shopName });
  const hello = firstName ? t("email_hello_name", { firstName }) : t("email_hello");
  const ask = t("email_review_request_ask");
  const starLink = (url: string, stars: number) => `${url}${url.includes("?") ? "&" : "?"}review_stars=${stars}#write-review`;
  const starsRow = (url: string) =>
    html`<p style="margin:0 0 20px;${FONT};font-size:24px;line-height:1">${[1, 2, 3, 4, 5].map(
      (stars) => html`<a href="${starLink(url, stars)}" style="color:${INK};text-decoration:none" title="${t("email_review_stars", { stars })}">★</a> `,
    )}</p>`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [hello, "", ask, "", ...products.flatMap((product) => [labelled(t, product.name, starLink(product.url, 5)), ""])]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(hello)}${paragraph(ask)}${products.map((product) => html`${paragraph(html`<strong>${product.name}</strong>`)}${starsRow(product.url)}`)}`,
    }),
  };
}

export interface QuestionAnsweredInput {
  to: string;
  productName: string;
  productUrl: string;
  question: string;
  answer: string;
  shopName: string;
  shopUrl: string;
}

/** The merchant answered a shopper's question about a product; the answer is on the product page too. */
export function questionAnsweredMessage({ to, productName, productUrl, question, answer, shopName, shopUrl }: QuestionAnsweredInput): MailMessage {
  const subject = `Your question about ${productName} – ${shopName}`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [`You asked: ${question}`, "", `Our answer: ${answer}`, "", `${productUrl}#questions`]),
    html: layout({ title: subject, shopName, shopUrl, content: html`${paragraph(`You asked: ${question}`)}${paragraph(`Our answer: ${answer}`)}${button(`${productUrl}#questions`, "See it on the product page")}` }),
  };
}

export interface CartReminderInput {
  to: string;
  /** The cart's lines as the shop prices them now, and the total the shopper would pay before shipping. */
  lines: { title: string; quantity: number; linePrice: number }[];
  total: number;
  /** The money format of the cart's site, such as `€{{amount}}`. */
  moneyFormat: string;
  /** The signed link that brings the cart back, on any device. */
  restoreUrl: string;
  /** The one-click way out of these emails. */
  unsubscribeUrl: string;
  shopName: string;
  /** The address of the cart's site. */
  shopUrl: string;
  /** The words of the cart's site's language. */
  words: EmailWords;
}

/** The one reminder of a cart left untouched: its lines at today's prices and a link that brings it back. */
export function cartReminderMessage({ to, lines, total, moneyFormat, restoreUrl, unsubscribeUrl, shopName, shopUrl, words }: CartReminderInput): MailMessage {
  const { t, locale } = words;
  const money = (cents: number) => formatMoney(cents, moneyFormat);
  const subject = t("email_cart_reminder_subject", { shopName });
  const intro = t("email_cart_reminder_intro");
  const leave = t("email_list_leave");
  const totalLabel = t("email_order_total");
  const described = lines.map((line) => ({ label: `${line.quantity} × ${line.title}`, price: money(line.linePrice) }));
  const cell = `padding:6px 0;${FONT};font-size:15px;color:${TEXT};border-bottom:1px solid ${LINE}`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [
      intro,
      "",
      ...described.map((line) => `- ${labelled(t, line.label, line.price)}`),
      labelled(t, totalLabel, money(total)),
      "",
      `${t("email_cart_reminder_back_label")} ${restoreUrl}`,
      "",
      `${leave} ${unsubscribeUrl}`,
    ]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(intro)}<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${described.map(
        (line) => html`<tr><td style="${cell}">${line.label}</td><td style="${cell};text-align:right">${line.price}</td></tr>`,
      )}<tr><td style="padding:8px 0;${FONT};font-size:15px;font-weight:bold;color:${INK}">${totalLabel}</td><td style="padding:8px 0;${FONT};font-size:15px;font-weight:bold;color:${INK};text-align:right">${money(total)}</td></tr></table>${button(restoreUrl, t("email_cart_reminder_back"))}${leaveLine(leave, unsubscribeUrl, t("email_unsubscribe"))}`,
    }),
  };
}

export interface PriceDropConfirmInput extends ProductAlertEmail {
  /** The price the follower saw, in their site's currency. */
  price: string;
  confirmUrl: string;
}

/** The double opt-in for a guest's price-drop follow: without the click no price email is sent. */
export function priceDropConfirmMessage(input: PriceDropConfirmInput): MailMessage {
  const { t } = input.words;
  return alertConfirmMessage(input, {
    subject: t("email_alert_price_drop_confirm_subject", { shop: input.shopName }),
    why: t("email_alert_price_drop_confirm_why", { product: input.productName, price: input.price }),
    button: t("email_alert_price_drop_confirm_button"),
    confirmUrl: input.confirmUrl,
  });
}

export interface PriceDropAlertInput extends ProductAlertEmail {
  /** The lowest price the follower knew of, and the price now, in their site's currency. */
  was: string;
  now: string;
  productUrl: string;
  unfollowUrl: string;
}

/** One email per drop: the old and new price on the follower's site, the product, and a one-click unfollow. */
export function priceDropAlertMessage({ to, productName, was, now, productUrl, unfollowUrl, shopName, shopUrl, words }: PriceDropAlertInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_alert_price_drop_subject", { product: productName, now, shop: shopName });
  const drop = t("email_alert_price_drop_body", { product: productName, was, now });
  const stop = t("email_alert_price_drop_stop_note");
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [drop, "", `${t("email_alert_price_drop_see_label")} ${productUrl}`, "", stop, `${t("email_alert_price_drop_stop_label")} ${unfollowUrl}`]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      content: html`${paragraph(drop)}${button(productUrl, t("email_alert_price_drop_see"))}${paragraph(stop)}<p style="margin:0 0 16px;${FONT};font-size:14px;color:${TEXT}"><a href="${unfollowUrl}" style="color:${INK}">${t("email_alert_price_drop_stop")}</a></p>`,
      lang: locale,
    }),
  };
}

export interface SubscriptionWaitingInput {
  to: string;
  firstName: string;
  products: readonly string[];
  shopName: string;
  shopUrl: string;
  /** The words of the subscription's site's language. */
  words: EmailWords;
}

/** Sent once when a subscription's delivery is due but a product in it is out of stock: the delivery waits for it. */
export function subscriptionWaitingMessage({ to, firstName, products, shopName, shopUrl, words }: SubscriptionWaitingInput): MailMessage {
  const { t, locale } = words;
  const subject = t("email_subscription_waiting_subject", { shopName });
  const waiting = t("email_subscription_waiting_body", { firstName, products: new Intl.ListFormat(locale, { type: "conjunction" }).format(products) });
  const manage = t("email_subscription_manage");
  const accountUrl = `${base(shopUrl)}/account/subscriptions`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [waiting, "", manage, accountUrl]),
    html: layout({ title: subject, shopName, shopUrl, lang: locale, content: html`${paragraph(waiting)}${paragraph(manage)}${button(accountUrl, t("email_subscription_manage_button"))}` }),
  };
}

export interface SubscriptionReminderInput {
  to: string;
  firstName: string;
  contractId: number;
  products: readonly string[];
  /** The delivery's date as a calendar day (`YYYY-MM-DD`) and what it will cost. */
  date: string;
  price: number;
  shopName: string;
  shopUrl: string;
  moneyFormat: string;
  /** The words of the language of the site the subscription was bought on. */
  words: EmailWords;
}

/**
 * Sent once, a few days before a renewal: what comes, when and for how much,
 * with links to the subscription on the account page where it can be
 * skipped, delayed or changed. The links open the page (the customer signs
 * in there); none changes anything by itself, so a mail scanner following
 * them does nothing.
 */
export function subscriptionReminderMessage({ to, firstName, contractId, products, date, price, shopName, shopUrl, moneyFormat, words }: SubscriptionReminderInput): MailMessage {
  const { t, locale } = words;
  // A calendar day, written as it reads on that day wherever the customer is.
  const day = longDay(date, locale);
  const subject = t("email_subscription_reminder_subject", { date: day });
  const intro = t("email_subscription_reminder_intro", { firstName, products: products.join(", "), date: day, price: formatMoney(price, moneyFormat) });
  const change = t("email_subscription_reminder_change");
  const page = `${base(shopUrl)}/account/subscriptions`;
  const links = [
    { label: t("email_subscription_reminder_skip"), href: `${page}#subscription-${contractId}-skip` },
    { label: t("email_subscription_reminder_delay"), href: `${page}#subscription-${contractId}-delay` },
    { label: t("email_subscription_reminder_manage"), href: `${page}#subscription-${contractId}` },
  ];
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [intro, "", change, ...links.map((link) => `${link.label}: ${link.href}`)]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(intro)}${paragraph(change)}${links.map((link) => html`${button(link.href, link.label)} `)}`,
    }),
  };
}

export interface SubscriptionPaymentFailedInput {
  to: string;
  firstName: string;
  contractId: number;
  products: readonly string[];
  /** What the delivery costs, in minor units of its currency. */
  amount: number;
  /** The days (`YYYY-MM-DD`) the payment is tried again; none after the last try, when the subscription is on hold. */
  retries: readonly string[];
  shopName: string;
  shopUrl: string;
  moneyFormat: string;
  /** The words of the language of the site the subscription was bought on. */
  words: EmailWords;
}

/**
 * Sent at each declined renewal payment: when it is tried again (or that the
 * subscription is on hold after the last try), and the link to the account
 * page where the customer gives a new card. The link changes nothing by itself.
 */
export function subscriptionPaymentFailedMessage({ to, firstName, contractId, products, amount, retries, shopName, shopUrl, moneyFormat, words }: SubscriptionPaymentFailedInput): MailMessage {
  const { t, locale } = words;
  const days = new Intl.ListFormat(locale, { type: "conjunction" }).format(
    retries.map((date) => longDay(date, locale)),
  );
  const subject = t("email_subscription_payment_failed_subject", { shopName });
  const declined = t("email_subscription_payment_failed_body", { firstName, products: new Intl.ListFormat(locale, { type: "conjunction" }).format(products), price: formatMoney(amount, moneyFormat) });
  const next = retries.length > 0 ? t("email_subscription_payment_retries", { dates: days }) : t("email_subscription_payment_on_hold");
  const update = t("email_subscription_update_card");
  const cardUrl = `${base(shopUrl)}/account/subscriptions#subscription-${contractId}-card`;
  return {
    to,
    subject,
    text: plainText(shopName, shopUrl, [declined, "", next, "", update, cardUrl]),
    html: layout({
      title: subject,
      shopName,
      shopUrl,
      lang: locale,
      content: html`${paragraph(declined)}${paragraph(next)}${paragraph(update)}${button(cardUrl, t("email_subscription_update_card_button"))}`,
    }),
  };
}
