/**
 * Customer accounts: registration (always through the bot check), login,
 * sessions, logout, password recovery and reset, addresses, order history
 * and the checkout's prefill. Services answer as data; what a refusal means
 * for HTTP (a status, a redirect, cookies) is the caller's business.
 */
import type { RefusalReason } from "../../core/common/refusal.ts";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { CustomerPasskey, CustomerPasskeyCreation, CustomerPasskeyRequest } from "../../core/accounts/passkeys.ts";
import { browserAnswer, passkeyName, relyingParty } from "./webauthn.ts";
import type { AccountOverview, ChallengePurpose, CheckoutPrefill, CustomerAddress, CustomerJson, CustomerOrder, FormProblem } from "../../core/accounts/account.ts";
import { orderStatus } from "../../core/accounts/account.ts";
import { type AddressInput, addressInput, fieldErrors, loginInput, recoverInput, registerInput, resetInput, unwrapFields } from "../../core/accounts/account-forms.ts";
import type { CartService } from "../cart/cart-service.ts";
import type { Database, Queryable } from "../db/database.ts";
import type { MailLanguages } from "../mail/email-words.ts";
import type { Mailer } from "../mail/mailer.ts";
import { failedLoginsMessage, passwordResetMessage, registrationAttemptMessage, welcomeMessage } from "../mail/messages.ts";
import { ORDER_COLUMNS, type OrderRow, orderJson } from "../orders/order-json.ts";
import type { AfterAnswer } from "./after-answer.ts";
import type { BotCheck, BotCheckVerdict } from "./bot-check.ts";
import type { CustomerHasher } from "./customer-hash.ts";
import * as passkeys from "./customer-passkeys.ts";
import { DECOY_HASH, type PasswordHash, type ScryptParams, hashPassword, verifyPassword } from "./passwords.ts";
import { type LimitRule, RateLimiter, addressKey } from "./rate-limits.ts";
import { digest, isHexToken, randomToken } from "./secrets.ts";

/** A session lasts this long from login; logging in again starts a new one. */
export const SESSION_DAYS = 30;
const RESET_LINK_MINUTES = 60;
/** Time to solve the bot check once sent to it. */
const CHALLENGE_MINUTES = 15;

export interface AccountLimits {
  /** Registrations per address. */
  register: LimitRule;
  /** Login attempts per address. */
  login: LimitRule;
  /** Recovery requests per address. */
  recover: LimitRule;
  /** Bot check answers per address. */
  challenge: LimitRule;
  /** Failed logins (or recovery requests) per address after which each attempt passes through the bot check. */
  beforeChallenge: LimitRule;
  /** Failed logins for one email, from any address, after which each attempt for it passes through the bot check and its owner is told. */
  accountBeforeChallenge: LimitRule;
  /** Logins for one email judged without a pass from the check, from any address: the most guesses anyone gets at one password for free. */
  accountJudged: LimitRule;
}

export const ACCOUNT_LIMITS: AccountLimits = {
  register: { limit: 20, windowSeconds: 60 * 60 },
  login: { limit: 30, windowSeconds: 15 * 60 },
  recover: { limit: 10, windowSeconds: 60 * 60 },
  challenge: { limit: 60, windowSeconds: 15 * 60 },
  beforeChallenge: { limit: 3, windowSeconds: 15 * 60 },
  accountBeforeChallenge: { limit: 5, windowSeconds: 15 * 60 },
  accountJudged: { limit: 10, windowSeconds: 15 * 60 },
};

/**
 * Emails an account's owner gets about what others did with their address:
 * at most one of each kind a day, so nobody can fill their inbox.
 */
const OWNER_NOTICE_LIMIT: LimitRule = { limit: 1, windowSeconds: 24 * 60 * 60 };
/** Reset links one email may be sent in an hour, whoever asks. */
const RESET_LINKS_PER_EMAIL: LimitRule = { limit: 3, windowSeconds: 60 * 60 };

/** The shopper a request comes from: what their browser holds and where it is. */
export interface ShopperContext {
  /** The client's address (the socket's; a trusted proxy's X-Forwarded-For). */
  ip: string;
  cartToken: string;
  /** The `customer_session` cookie. */
  sessionToken?: string | undefined;
  /** The `challenge` cookie: a trip through the bot check. */
  challengeToken?: string | undefined;
  /** The shop's address as the shopper reached it, for links in email. */
  shopUrl: string;
  /** The language of the site the shopper is on ("fr-FR"): recorded on their account at registration and sign-in, their emails speak it. */
  locale: string;
}

/** Cookies an answer changes: a value sets one, null clears it. */
export interface CookieChanges {
  session?: { token: string; maxAge: number } | null;
  cart?: string | null;
  challenge?: { token: string; maxAge: number } | null;
}

export type ServiceAnswer = ({ ok: true; redirect: string } | (FormProblem & { ok: false; reason: RefusalReason; retryAfter?: number })) & {
  cookies?: CookieChanges;
};

interface CustomerRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  accepts_marketing: boolean;
  password_hash: string;
  password_salt: string;
  password_params: ScryptParams;
  cart_token: string | null;
  /** The language of the site the customer registered or last signed in on. */
  locale: string;
  default_address_id: number | null;
  hash_generation: number;
}

/** An address as stored; whether it is the default lives on the customer. */
type AddressRow = Omit<CustomerAddress, "default">;

interface PendingRow {
  id: string;
  purpose: ChallengePurpose;
  data: Record<string, unknown>;
  solved_at: Date | string | null;
}

interface PendingRegistration {
  first_name: string;
  last_name: string;
  email: string;
  accepts_marketing: boolean;
  password: PasswordHash;
}

const CUSTOMER_COLUMNS = "id, email, first_name, last_name, accepts_marketing, password_hash, password_salt, password_params, cart_token, default_address_id, hash_generation, locale";
const ADDRESS_COLUMNS = "id, first_name, last_name, company, address1, address2, city, province, zip, country, phone";

const problem = (reason: RefusalReason, description: string, errors: Record<string, string[]> = {}): ServiceAnswer => ({ ok: false, reason, description, errors });

const tooMany = (retryAfter: number): ServiceAnswer => ({
  ok: false,
  reason: "limited",
  description: `Too many attempts from your network. Please wait ${retryAfter >= 120 ? `${Math.ceil(retryAfter / 60)} minutes` : `${retryAfter} seconds`} and try again.`,
  errors: {},
  retryAfter,
});

const CHALLENGE_ERRORS: Record<Exclude<BotCheckVerdict, { ok: true }>["reason"], string> = {
  missing: "The check did not finish. Please run it again.",
  invalid: "The check did not pass. Please run it again.",
  expired: "The check took too long and expired. Please run it again.",
  replayed: "That check was already used. Please run it again.",
};

const toPasswordHash = (row: CustomerRow): PasswordHash => ({ hash: row.password_hash, salt: row.password_salt, params: row.password_params });

function addressJson(row: AddressRow, defaultId: number | null): CustomerAddress {
  return { ...row, default: row.id === defaultId };
}

export interface CustomerServiceOptions {
  db: Database;
  carts: CartService;
  mailer: Mailer;
  hasher: CustomerHasher;
  botCheck: BotCheck;
  /** Where work that would make an answer tell whether an email has an account is done, after the answer. */
  afterAnswer: AfterAnswer;
  shopName: string;
  /** The words and site of a customer's language, for their emails. */
  languages: MailLanguages;
  limits?: Partial<AccountLimits>;
  now?: () => number;
}

export class CustomerService {
  private readonly db: Database;
  private readonly carts: CartService;
  private readonly mailer: Mailer;
  readonly hasher: CustomerHasher;
  readonly botCheck: BotCheck;
  private readonly afterAnswer: AfterAnswer;
  private readonly shopName: string;
  private readonly languages: MailLanguages;
  readonly limits: AccountLimits;
  private readonly limiter: RateLimiter;
  private readonly now: () => number;

  constructor(options: CustomerServiceOptions) {
    this.db = options.db;
    this.carts = options.carts;
    this.mailer = options.mailer;
    this.hasher = options.hasher;
    this.botCheck = options.botCheck;
    this.afterAnswer = options.afterAnswer;
    this.shopName = options.shopName;
    this.languages = options.languages;
    this.limits = { ...ACCOUNT_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.limiter = new RateLimiter(this.db, this.now);
  }

  private at(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  // Sessions

  /** The customer a session cookie belongs to, while the session lasts. */
  async customerForSession(sessionToken: string | undefined): Promise<CustomerJson | null> {
    const row = await this.sessionCustomer(sessionToken);
    return row ? this.customerJson(row) : null;
  }

  private async sessionCustomer(sessionToken: string | undefined): Promise<CustomerRow | null> {
    if (!isHexToken(sessionToken)) return null;
    const [row] = await this.db.query<CustomerRow>(
      `select ${CUSTOMER_COLUMNS.split(", ").map((column) => `c.${column}`).join(", ")} from customer_sessions s join customers c on c.id = s.customer_id
       where s.id = $1 and s.expires_at > $2::timestamptz`,
      [digest(sessionToken), this.at()],
    );
    return row ?? null;
  }

  async customerJson(row: Pick<CustomerRow, "id" | "email" | "first_name" | "last_name" | "accepts_marketing" | "hash_generation">): Promise<CustomerJson> {
    return {
      id: row.id,
      hash: await this.hasher.hash(row.id, row.hash_generation),
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      accepts_marketing: row.accepts_marketing,
    };
  }

  /** A new session for a customer (always a new id: a session is never carried over from before login). */
  private async startSession(tx: Queryable, customerId: number): Promise<CookieChanges["session"]> {
    const token = randomToken(32);
    await tx.query("insert into customer_sessions (id, customer_id, created_at, expires_at) values ($1, $2, $3::timestamptz, $4::timestamptz)", [
      digest(token),
      customerId,
      this.at(),
      this.at(SESSION_DAYS * 86_400_000),
    ]);
    await tx.query("delete from customer_sessions where expires_at <= $1::timestamptz", [this.at()]);
    return { token, maxAge: SESSION_DAYS * 86_400 };
  }

  private async endSession(sessionToken: string | undefined): Promise<void> {
    if (isHexToken(sessionToken)) await this.db.query("delete from customer_sessions where id = $1", [digest(sessionToken)]);
  }

  /**
   * The cart at login: the customer's own cart follows them to this browser,
   * with whatever this browser's guest cart held merged into it. A customer
   * without a cart yet takes this browser's.
   */
  private async cartAtLogin(customer: Pick<CustomerRow, "id" | "cart_token">, guestToken: string): Promise<string | undefined> {
    if (!customer.cart_token) {
      await this.db.query("update customers set cart_token = $2 where id = $1", [customer.id, guestToken]);
      return undefined;
    }
    if (customer.cart_token === guestToken) return undefined;
    try {
      await this.carts.mergeInto(customer.cart_token, guestToken);
    } catch {
      // A merge the cart rules refuse (too many lines) leaves the guest cart behind rather than the login.
    }
    return customer.cart_token;
  }

  private async loggedIn(customer: CustomerRow, context: ShopperContext, redirect: string, extra: CookieChanges = {}): Promise<ServiceAnswer> {
    await this.endSession(context.sessionToken);
    const session = await this.startSession(this.db, customer.id);
    // Their emails from now on speak the language of the site they signed in on.
    if (customer.locale !== context.locale) await this.db.query("update customers set locale = $2 where id = $1", [customer.id, context.locale]);
    const cart = await this.cartAtLogin(customer, context.cartToken);
    return { ok: true, redirect, cookies: { session, ...(cart ? { cart } : {}), ...extra } };
  }

  // The bot check

  private async pending(challengeToken: string | undefined): Promise<PendingRow | null> {
    if (!isHexToken(challengeToken)) return null;
    const [row] = await this.db.query<PendingRow>("select id, purpose, data, solved_at from pending_challenges where id = $1 and expires_at > $2::timestamptz", [
      digest(challengeToken),
      this.at(),
    ]);
    return row ?? null;
  }

  /** Sends the shopper to `/challenge`, remembering what they were doing. */
  private async toChallenge(purpose: ChallengePurpose, data: Record<string, unknown>, context: ShopperContext): Promise<ServiceAnswer> {
    const token = randomToken(32);
    await this.db.query("delete from pending_challenges where expires_at <= $1::timestamptz", [this.at()]);
    if (isHexToken(context.challengeToken)) await this.db.query("delete from pending_challenges where id = $1", [digest(context.challengeToken)]);
    await this.db.query("insert into pending_challenges (id, purpose, data, expires_at) values ($1, $2, $3, $4::timestamptz)", [
      digest(token),
      purpose,
      JSON.stringify(data),
      this.at(CHALLENGE_MINUTES * 60_000),
    ]);
    return { ok: true, redirect: "/challenge", cookies: { challenge: { token, maxAge: CHALLENGE_MINUTES * 60 } } };
  }

  /** Uses up a solved check for `purpose`: one pass, one attempt. */
  private async takePass(purpose: ChallengePurpose, challengeToken: string | undefined): Promise<boolean> {
    if (!isHexToken(challengeToken)) return false;
    const taken = await this.db.query(
      "delete from pending_challenges where id = $1 and purpose = $2 and solved_at is not null and expires_at > $3::timestamptz returning id",
      [digest(challengeToken), purpose, this.at()],
    );
    return taken.length > 0;
  }

  /** What `/challenge` shows: the purpose of the trip (null when none is under way) and a fresh challenge. */
  async challengePage(context: ShopperContext): Promise<{ purpose: ChallengePurpose | null; challenge: Record<string, unknown> | null }> {
    const pending = await this.pending(context.challengeToken);
    if (!pending || pending.solved_at) return { purpose: null, challenge: null };
    return { purpose: pending.purpose, challenge: await this.botCheck.create() };
  }

  /** The bot check's answer: registers the account waiting on it, or hands out a pass for one login or recovery. */
  async solveChallenge(context: ShopperContext, form: Record<string, unknown>): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("challenge", context.ip), this.limits.challenge);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    const pending = await this.pending(context.challengeToken);
    if (!pending || pending.solved_at) return problem("malformed", "Nothing is waiting on this check any more. Please start again.");
    const verdict = await this.botCheck.verify(form.altcha);
    if (!verdict.ok) return problem("invalid", CHALLENGE_ERRORS[verdict.reason], { altcha: [CHALLENGE_ERRORS[verdict.reason]] });
    if (pending.purpose !== "register") {
      await this.db.query("update pending_challenges set solved_at = $2::timestamptz where id = $1", [pending.id, this.at()]);
      return { ok: true, redirect: pending.purpose === "login" ? "/account/login?challenge=passed" : "/account/recover?challenge=passed" };
    }
    return this.completeRegistration(pending, context);
  }

  // Registration

  /**
   * `form_type=create_customer`: checks the details, then sends the shopper
   * through the bot check, which creates the account. Whether the email
   * already has an account is not looked at here, so the answer cannot tell.
   */
  async register(context: ShopperContext, form: Record<string, unknown>): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("register", context.ip), this.limits.register);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    const parsed = registerInput.safeParse(unwrapFields(form, "customer"));
    if (!parsed.success) return problem("invalid", "form_check_fields", fieldErrors(parsed.error));
    const input = parsed.data;
    // The password is hashed now, so only its hash waits while the shopper solves the check.
    const pending: PendingRegistration = { ...input, password: await hashPassword(input.password) };
    return this.toChallenge("register", pending as unknown as Record<string, unknown>, context);
  }

  private async completeRegistration(pending: PendingRow, context: ShopperContext): Promise<ServiceAnswer> {
    const data = pending.data as unknown as PendingRegistration;
    const created = await this.db.transaction(async (tx) => {
      // The trip is used up whatever happens next: a second post of it finds nothing.
      const taken = await tx.query("delete from pending_challenges where id = $1 returning id", [pending.id]);
      if (taken.length === 0) return "gone" as const;
      const [row] = await tx.query<CustomerRow>(
        `insert into customers (email, first_name, last_name, accepts_marketing, password_hash, password_salt, password_params, cart_token, created_at, locale)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10)
         on conflict ((lower(email))) do nothing returning ${CUSTOMER_COLUMNS}`,
        [data.email, data.first_name, data.last_name, data.accepts_marketing, data.password.hash, data.password.salt, JSON.stringify(data.password.params), context.cartToken, this.at(), context.locale],
      );
      if (!row) return "taken" as const;
      return { row, session: await this.startSession(tx, row.id) };
    });
    if (created === "gone") return problem("malformed", "Nothing is waiting on this check any more. Please start again.");
    if (created === "taken") {
      // The owner hears of it by email; the shopper is sent back as a new customer is, and the page, finding nobody logged in, says what to do.
      this.afterAnswer.run(() => this.noticeToOwner(data.email, "registration", context.shopUrl));
      return { ok: true, redirect: "/account/register?challenge=passed", cookies: { challenge: null } };
    }
    await this.endSession(context.sessionToken);
    await this.mailer.send(
      welcomeMessage({
        to: data.email,
        firstName: data.first_name,
        shopName: this.shopName,
        shopUrl: this.languages.siteUrl(context.shopUrl, context.locale),
        words: this.languages.words(context.locale),
      }),
    );
    // Back on the register page, which sends a shopper returning from the check without an error on to the account.
    return { ok: true, redirect: "/account/register?challenge=passed", cookies: { session: created.session, challenge: null } };
  }

  // Login and logout

  /**
   * `form_type=customer_login`. An unknown email and a wrong password get the
   * same answer, in the same time, and count the same. Failures are counted
   * per address (an IPv6 address by its /64) and per email from anywhere:
   * past either threshold each attempt needs a pass from the bot check.
   */
  async login(context: ShopperContext, form: Record<string, unknown>, returnTo: string): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("login", context.ip), this.limits.login);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    const parsed = loginInput.safeParse(unwrapFields(form, "customer"));
    if (!parsed.success) return problem("invalid", "form_check_fields", fieldErrors(parsed.error));
    const email = parsed.data.email.toLowerCase();
    const failedHere = addressKey("login-failed", context.ip);
    const failedForAccount = `login-failed:account:${email}`;
    const needsPass = (await this.limiter.reached(failedHere, this.limits.beforeChallenge)) || (await this.limiter.reached(failedForAccount, this.limits.accountBeforeChallenge));
    const passed = needsPass && (await this.takePass("login", context.challengeToken));
    if (needsPass && !passed) return this.toChallenge("login", {}, context);
    // Without a pass a guess first takes one of the account's places: of guesses arriving together from many addresses, only that many are judged.
    if (!passed && !(await this.limiter.hit(`login-judged:account:${email}`, this.limits.accountJudged)).allowed) return this.toChallenge("login", {}, context);
    const [row] = await this.db.query<CustomerRow>(`select ${CUSTOMER_COLUMNS} from customers where lower(email) = lower($1)`, [email]);
    const matches = await verifyPassword(parsed.data.password, row ? toPasswordHash(row) : DECOY_HASH);
    if (!row || !matches) {
      await this.limiter.hit(failedHere, this.limits.beforeChallenge);
      await this.limiter.hit(failedForAccount, this.limits.accountBeforeChallenge);
      if (await this.limiter.reached(failedForAccount, this.limits.accountBeforeChallenge)) this.afterAnswer.run(() => this.noticeToOwner(email, "failed-logins", context.shopUrl));
      return problem("signed_out", WRONG_LOGIN, { form: [WRONG_LOGIN] });
    }
    return this.loggedIn(row, context, returnTo, { challenge: null });
  }

  // Passkeys

  /** A challenge for signing in with a passkey: limited per address like the login, bound to no account. */
  async passkeySignInOptions(context: ShopperContext): Promise<CustomerPasskeyRequest> {
    const limited = await this.limiter.hit(addressKey("passkey-options", context.ip), this.limits.login);
    if (!limited.allowed) return { ok: false, reason: "limited", description: TOO_MANY_PASSKEYS, errors: {}, retryAfter: limited.retryAfter };
    return { ok: true, options: await passkeys.signInOptions(this.db, this.now(), relyingParty(context.shopUrl)) };
  }

  /**
   * Signs in with a passkey: each attempt counts toward the address's login
   * limit, and a refused one also toward its failed logins (so the password
   * form there needs the bot check sooner). A passkey cannot be guessed, so a
   * good one is not held back by the failed-login counts that ask a password
   * guess for a pass. Any refusal reads the same, whether or not the passkey
   * is known. Success starts a fresh session, as a password login does.
   */
  async passkeyLogin(context: ShopperContext, form: Record<string, unknown>, returnTo: string): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("login", context.ip), this.limits.login);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    const response = browserAnswer<AuthenticationResponseJSON>(form.passkey);
    const signedIn = response ? await passkeys.signIn(this.db, this.now(), relyingParty(context.shopUrl), response) : null;
    const [row] = signedIn?.ok ? await this.db.query<CustomerRow>(`select ${CUSTOMER_COLUMNS} from customers where id = $1`, [signedIn.value]) : [];
    if (!row) {
      await this.limiter.hit(addressKey("login-failed", context.ip), this.limits.beforeChallenge);
      return problem("signed_out", WRONG_PASSKEY, { form: [WRONG_PASSKEY] });
    }
    return this.loggedIn(row, context, returnTo, { challenge: null });
  }

  /** The customer's passkeys, oldest first. */
  passkeys(customerId: number): Promise<CustomerPasskey[]> {
    return passkeys.listPasskeys(this.db, customerId);
  }

  /** A challenge for a new passkey of a logged-in customer. */
  async passkeyOptions(customer: CustomerJson, context: ShopperContext): Promise<CustomerPasskeyCreation> {
    return { ok: true, options: await passkeys.registrationOptions(this.db, this.now(), relyingParty(context.shopUrl), this.shopName, customer) };
  }

  /** Whether `password` is the customer's; wrong guesses count toward the address's failed logins. */
  private async passwordIsTheirs(customerId: number, password: unknown, context: ShopperContext): Promise<boolean> {
    const [row] = await this.db.query<CustomerRow>(`select ${CUSTOMER_COLUMNS} from customers where id = $1`, [customerId]);
    const matches = typeof password === "string" && password.length > 0 && password.length <= 256 && (await verifyPassword(password, row ? toPasswordHash(row) : DECOY_HASH));
    if (!matches) await this.limiter.hit(addressKey("login-failed", context.ip), this.limits.beforeChallenge);
    return matches && Boolean(row);
  }

  /** Adds the passkey the browser made: a name, the customer's password, and an answer to this customer's challenge. */
  async addPasskey(customerId: number, form: Record<string, unknown>, context: ShopperContext): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("passkey-change", context.ip), this.limits.login);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    const errors: Record<string, string[]> = {};
    const name = passkeyName(form.passkey_name);
    if (!name.ok) errors.passkey_name = [name.problem];
    if (!(await this.passwordIsTheirs(customerId, form.passkey_password, context))) errors.passkey_password = [WRONG_PASSWORD];
    const response = browserAnswer<RegistrationResponseJSON>(form.passkey);
    if (!response) errors.passkey = ["Your browser did not make a passkey. Try again."];
    if (!name.ok || !response || Object.keys(errors).length) return problem("invalid", "No passkey was added. Please check the highlighted fields.", errors);
    const added = await passkeys.addPasskey(this.db, this.now(), relyingParty(context.shopUrl), customerId, name.name, response);
    if (!added.ok) return problem("invalid", "No passkey was added.", { passkey: ["That passkey could not be checked. Start again from the button."] });
    return { ok: true, redirect: "/account?passkey=added#passkeys" };
  }

  /** Removes one of the customer's passkeys; needs their password. */
  async removePasskey(customerId: number, number: number, form: Record<string, unknown>, context: ShopperContext): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("passkey-change", context.ip), this.limits.login);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    if (!(await this.passwordIsTheirs(customerId, form.remove_password, context))) return problem("invalid", "The passkey is still there.", { remove_password: [WRONG_PASSWORD] });
    if (!(await passkeys.removePasskey(this.db, customerId, number))) return problem("not_found", "That passkey was already removed.");
    return { ok: true, redirect: "/account?passkey=removed#passkeys" };
  }

  /** Tells an account's owner, at most once a day for each kind, what someone tried with their email; an email without an account gets nothing. */
  private async noticeToOwner(email: string, kind: "failed-logins" | "registration", shopUrl: string): Promise<void> {
    const [row] = await this.db.query<Pick<CustomerRow, "id" | "email" | "first_name" | "locale">>("select id, email, first_name, locale from customers where lower(email) = lower($1)", [email]);
    if (!row || !(await this.limiter.hit(`notice:${kind}:${row.id}`, OWNER_NOTICE_LIMIT)).allowed) return;
    // In the owner's language, whoever tried and on whichever site.
    const notice = { to: row.email, firstName: row.first_name, shopName: this.shopName, shopUrl: this.languages.siteUrl(shopUrl, row.locale), words: this.languages.words(row.locale) };
    await this.mailer.send(kind === "failed-logins" ? failedLoginsMessage(notice) : registrationAttemptMessage(notice));
  }

  /** Ends the session on the server; the browser forgets it and its cart (the customer's cart stays theirs). */
  async logout(context: ShopperContext): Promise<ServiceAnswer> {
    await this.endSession(context.sessionToken);
    return { ok: true, redirect: "/", cookies: { session: null, cart: null } };
  }

  // Recovery and reset

  /**
   * `form_type=recover_customer_password`: the same answer whether or not an
   * account has that email, after the same work; the link is made and sent
   * once the answer is on its way.
   */
  async recover(context: ShopperContext, form: Record<string, unknown>): Promise<ServiceAnswer> {
    const limited = await this.limiter.hit(addressKey("recover", context.ip), this.limits.recover);
    if (!limited.allowed) return tooMany(limited.retryAfter);
    const parsed = recoverInput.safeParse(unwrapFields(form, "customer"));
    if (!parsed.success) return problem("invalid", "form_check_fields", fieldErrors(parsed.error));
    // Recovery tells nothing about failure, so every request counts towards the check.
    const attemptsKey = addressKey("recover-attempts", context.ip);
    if ((await this.limiter.reached(attemptsKey, this.limits.beforeChallenge)) && !(await this.takePass("recover", context.challengeToken))) {
      return this.toChallenge("recover", {}, context);
    }
    await this.limiter.hit(attemptsKey, this.limits.beforeChallenge);
    const { email } = parsed.data;
    this.afterAnswer.run(() => this.sendResetLink(email, context.shopUrl));
    return { ok: true, redirect: "/account/recover?sent=1", cookies: { challenge: null } };
  }

  /** A reset link for the account with this email, if there is one (a few an hour at most, so nobody can fill its owner's inbox). */
  private async sendResetLink(email: string, shopUrl: string): Promise<void> {
    const [row] = await this.db.query<CustomerRow>(`select ${CUSTOMER_COLUMNS} from customers where lower(email) = lower($1)`, [email]);
    if (!row || !(await this.limiter.hit(`reset-links:${row.id}`, RESET_LINKS_PER_EMAIL)).allowed) return;
    const token = randomToken(32);
    await this.db.query("delete from password_reset_tokens where expires_at <= $1::timestamptz", [this.at()]);
    await this.db.query("insert into password_reset_tokens (token_hash, customer_id, created_at, expires_at) values ($1, $2, $3::timestamptz, $4::timestamptz)", [
      digest(token),
      row.id,
      this.at(),
      this.at(RESET_LINK_MINUTES * 60_000),
    ]);
    // The email goes to the account's owner, so it speaks their language and links to their site.
    const siteUrl = this.languages.siteUrl(shopUrl, row.locale);
    const resetUrl = `${siteUrl}/account/reset/${row.id}/${token}`;
    await this.mailer.send(passwordResetMessage({ to: row.email, firstName: row.first_name, shopName: this.shopName, resetUrl, shopUrl: siteUrl, words: this.languages.words(row.locale) }));
  }

  /** Whether a reset link is still good: the right customer, unused, within its hour. */
  async resetLinkValid(customerId: string, token: string): Promise<boolean> {
    if (!/^[1-9][0-9]{0,15}$/.test(customerId) || !isHexToken(token)) return false;
    const rows = await this.db.query(
      "select 1 from password_reset_tokens where token_hash = $1 and customer_id = $2 and used_at is null and expires_at > $3::timestamptz",
      [digest(token), Number(customerId), this.at()],
    );
    return rows.length > 0;
  }

  /**
   * A new password through a reset link: the link is used up, every session
   * of the customer ends (this browser gets a new one), and the customer
   * hash changes, so a copy of the old one proves nothing any more.
   */
  async resetPassword(context: ShopperContext, customerId: string, token: string, form: Record<string, unknown>): Promise<ServiceAnswer> {
    if (!(await this.resetLinkValid(customerId, token))) return problem("not_found", EXPIRED_LINK);
    const parsed = resetInput.safeParse(unwrapFields(form, "customer"));
    if (!parsed.success) return problem("invalid", "form_check_fields", fieldErrors(parsed.error));
    const password = await hashPassword(parsed.data.password);
    const row = await this.db.transaction(async (tx) => {
      const used = await tx.query(
        "update password_reset_tokens set used_at = $4::timestamptz where token_hash = $1 and customer_id = $2 and used_at is null and expires_at > $3::timestamptz returning token_hash",
        [digest(token), Number(customerId), this.at(), this.at()],
      );
      if (used.length === 0) return null;
      const [customer] = await tx.query<CustomerRow>(
        `update customers set password_hash = $2, password_salt = $3, password_params = $4, hash_generation = hash_generation + 1 where id = $1 returning ${CUSTOMER_COLUMNS}`,
        [Number(customerId), password.hash, password.salt, JSON.stringify(password.params)],
      );
      await tx.query("delete from customer_sessions where customer_id = $1", [Number(customerId)]);
      await tx.query("delete from password_reset_tokens where customer_id = $1 and token_hash <> $2", [Number(customerId), digest(token)]);
      return customer ?? null;
    });
    if (!row) return problem("not_found", EXPIRED_LINK);
    return this.loggedIn(row, { ...context, sessionToken: undefined }, "/account");
  }

  // The account

  async overview(customer: CustomerJson): Promise<AccountOverview> {
    const [orders, addresses] = await Promise.all([this.orders(customer.id), this.addresses(customer.id)]);
    return { customer, orders, addresses };
  }

  /** Orders placed while logged in, newest first (the latest 50). */
  async orders(customerId: number): Promise<CustomerOrder[]> {
    const rows = await this.db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where customer_id = $1 order by created_at desc, id desc limit 50`, [customerId]);
    return rows.map((row) => {
      const order = orderJson(row);
      return { ...order, status: orderStatus(order) };
    });
  }

  /** An order placed while logged in belongs to the customer. */
  async attachOrder(orderId: number, customerId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx.query<{ phone: string | null; sms_consent: unknown }>("update orders set customer_id = $2 where id = $1 and customer_id is null returning phone, sms_consent", [orderId, customerId]);
      // The customer keeps the latest number and SMS consent they gave.
      if (order?.phone) await tx.query("update customers set phone = $2 where id = $1", [customerId, order.phone]);
      if (order?.sms_consent) await tx.query("update customers set sms_consent = $2 where id = $1", [customerId, JSON.stringify(order.sms_consent)]);
    });
  }

  /** The address book, the default first. */
  async addresses(customerId: number): Promise<CustomerAddress[]> {
    const [customer] = await this.db.query<{ default_address_id: number | null }>("select default_address_id from customers where id = $1", [customerId]);
    const defaultId = customer?.default_address_id ?? null;
    const rows = await this.db.query<AddressRow>(`select ${ADDRESS_COLUMNS} from customer_addresses where customer_id = $1 order by id`, [customerId]);
    return rows.map((row) => addressJson(row, defaultId)).sort((a, b) => Number(b.default) - Number(a.default));
  }

  async checkoutPrefill(customer: CustomerJson): Promise<CheckoutPrefill> {
    const addresses = await this.addresses(customer.id);
    return { email: customer.email, address: addresses.find((address) => address.default) ?? null };
  }

  /** Adds an address (`id` null) or changes one of the customer's; the first address, or one marked so, becomes the default. */
  async saveAddress(customerId: number, id: number | null, form: Record<string, unknown>): Promise<ServiceAnswer> {
    const parsed = addressInput.safeParse(unwrapFields(form, "address"));
    if (!parsed.success) return problem("invalid", "form_check_fields", fieldErrors(parsed.error));
    const input: AddressInput = parsed.data;
    const values = [input.first_name, input.last_name, input.company ?? null, input.address1, input.address2 ?? null, input.city, input.province ?? null, input.zip, input.country, input.phone ?? null];
    const saved = await this.db.transaction(async (tx) => {
      const [count] = await tx.query<{ count: number }>("select count(*)::int as count from customer_addresses where customer_id = $1", [customerId]);
      if (id === null && (count?.count ?? 0) >= MAX_ADDRESSES) return "full" as const;
      const [row] =
        id === null
          ? await tx.query<{ id: number }>(
              `insert into customer_addresses (customer_id, first_name, last_name, company, address1, address2, city, province, zip, country, phone)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
              [customerId, ...values],
            )
          : await tx.query<{ id: number }>(
              `update customer_addresses set first_name = $3, last_name = $4, company = $5, address1 = $6, address2 = $7, city = $8, province = $9, zip = $10, country = $11, phone = $12
               where id = $1 and customer_id = $2 returning id`,
              [id, customerId, ...values],
            );
      if (!row) return null;
      await tx.query("update customers set default_address_id = $2 where id = $1 and ($3 or default_address_id is null)", [customerId, row.id, input.default]);
      return row.id;
    });
    if (saved === "full") return problem("invalid", `An address book holds at most ${MAX_ADDRESSES} addresses. Delete one to add another.`);
    if (saved === null) return problem("not_found", "That address is not in your address book.");
    return { ok: true, redirect: "/account/addresses" };
  }

  async deleteAddress(customerId: number, id: number): Promise<ServiceAnswer> {
    const deleted = await this.db.transaction(async (tx) => {
      const rows = await tx.query("delete from customer_addresses where id = $1 and customer_id = $2 returning id", [id, customerId]);
      if (rows.length === 0) return false;
      // The oldest remaining address becomes the default when the default goes.
      await tx.query(
        `update customers set default_address_id = (select id from customer_addresses where customer_id = $1 order by id limit 1)
         where id = $1 and (default_address_id = $2 or default_address_id is null)`,
        [customerId, id],
      );
      return true;
    });
    return deleted ? { ok: true, redirect: "/account/addresses" } : problem("not_found", "That address is not in your address book.");
  }

  async setDefaultAddress(customerId: number, id: number): Promise<ServiceAnswer> {
    const rows = await this.db.query(
      "update customers set default_address_id = $2 where id = $1 and exists (select 1 from customer_addresses where id = $2 and customer_id = $1) returning id",
      [customerId, id],
    );
    return rows.length ? { ok: true, redirect: "/account/addresses" } : problem("not_found", "That address is not in your address book.");
  }
}

const MAX_ADDRESSES = 20;
const WRONG_LOGIN = "Incorrect email or password.";
const WRONG_PASSKEY = "That passkey could not sign you in. Try again, or log in with your email and password.";
const WRONG_PASSWORD = "That is not your password.";
const TOO_MANY_PASSKEYS = "Too many attempts from your network. Please wait a few minutes and try again.";
const EXPIRED_LINK = "This reset link has expired or was already used. Ask for a new one below.";
