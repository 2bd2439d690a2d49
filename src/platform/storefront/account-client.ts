/**
 * The account part of the in-process storefront client: the customer
 * service bound to one request's shopper, its answers turned into what a
 * route action needs (a redirect or a problem, and Set-Cookie values).
 */
import type { AccountAnswer } from "../../core/accounts/account.ts";
import type { AccountClient } from "../../core/contract/storefront.ts";
import { refusalIn } from "../../core/i18n/form-messages.ts";
import type { Translate } from "../../core/i18n/messages.ts";
import { type AccountRequest, accountCookies } from "../http/account-cookies.ts";
import { safeLocalPath } from "../http/requests.ts";
import type { CustomerService, ServiceAnswer, ShopperContext } from "../accounts/customer-service.ts";
import type { SavedForLaterService } from "../accounts/saved-for-later.ts";
import { readDelay, readQuantity } from "../../core/subscriptions/contract-changes.ts";
import type { ContractChange, SubscriptionService } from "../subscriptions/subscription-service.ts";

const stringOf = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

const notLoggedIn: AccountAnswer = { ok: true, redirect: "/account/login", cookies: [] };

/** A number in a path (an address's or a passkey's), or null. */
const addressId = (value: string | undefined): number | null => (value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null);

export function accountClient(customers: CustomerService, saved: SavedForLaterService, cartToken: string, request: AccountRequest, subscriptions: SubscriptionService, locale: string, translate: Translate): AccountClient {
  const context: ShopperContext = {
    ip: request.ip,
    cartToken,
    sessionToken: request.sessionToken,
    challengeToken: request.challengeToken,
    shopUrl: request.shopUrl,
    locale,
  };
  // One lookup per request, however many loaders ask.
  let current: ReturnType<CustomerService["customerForSession"]> | undefined;
  const customer = () => (current ??= customers.customerForSession(request.sessionToken));

  const answer = (result: ServiceAnswer): AccountAnswer => {
    const cookies = accountCookies(result.cookies, request.secure, request.cartCookieKey);
    if (result.ok) return { ok: true, redirect: result.redirect, cookies };
    return {
      ok: false,
      reason: result.reason,
      // The form's messages in the site's language.
      ...refusalIn({ description: result.description, errors: result.errors }, translate),
      cookies,
      ...(result.retryAfter !== undefined ? { retryAfter: result.retryAfter } : {}),
    };
  };

  /** Runs an address change for the logged-in customer; nobody logged in goes to the login page. */
  const forCustomer = async (work: (customerId: number) => Promise<ServiceAnswer>): Promise<AccountAnswer> => {
    const who = await customer();
    return who ? answer(await work(who.id)) : notLoggedIn;
  };

  return {
    customer,
    async overview() {
      const who = await customer();
      return who ? customers.overview(who) : null;
    },
    async savedForLater() {
      const who = await customer();
      return who ? saved.list(who.id) : null;
    },
    async subscriptions() {
      const who = await customer();
      return who ? subscriptions.managedFor(who.id) : null;
    },
    async changeSubscription(subscriptionId, form) {
      const who = await customer();
      if (!who) return notLoggedIn;
      const id = addressId(subscriptionId) ?? 0;
      if (form.intent === "update_card") {
        // The provider's page, which comes back to the account page; a provider that does not answer is told as a refusal.
        const url = await subscriptions.cardUpdateUrl(who.id, id, request.shopUrl).catch(() => null);
        return url ? { ok: true, redirect: url, cookies: [] } : { ok: false, reason: "conflict", description: "The card could not be updated now.", errors: {}, cookies: [] };
      }
      const reason = typeof form.reason === "string" ? form.reason : undefined;
      const changes: Record<string, () => Promise<ContractChange>> = {
        skip: () => subscriptions.skip(who.id, id),
        pause: () => subscriptions.pause(who.id, id),
        resume: () => subscriptions.resume(who.id, id),
        cancel: () => subscriptions.cancel(who.id, id, reason),
        delay: () => subscriptions.delay(who.id, id, readDelay(form)),
        deliver_now: () => subscriptions.deliverNow(who.id, id),
        frequency: () => subscriptions.changeFrequency(who.id, id, addressId(stringOf(form.plan)) ?? 0),
        quantity: () => subscriptions.changeQuantity(who.id, id, addressId(stringOf(form.variant)) ?? 0, readQuantity(form.quantity)),
        swap: () => subscriptions.swap(who.id, id, addressId(stringOf(form.variant)) ?? 0, addressId(stringOf(form.to)) ?? 0),
      };
      const change = typeof form.intent === "string" ? changes[form.intent] : undefined;
      if (!change) return { ok: false, reason: "invalid", description: "Choose what to change.", errors: {}, cookies: [] };
      const result = await change();
      return result.ok ? { ok: true, redirect: "/account/subscriptions?changed=1", cookies: [] } : { ok: false, reason: result.reason, description: result.description, errors: {}, cookies: [] };
    },
    async checkoutPrefill() {
      const who = await customer();
      return who ? customers.checkoutPrefill(who) : null;
    },
    async register(form) {
      return answer(await customers.register(context, form));
    },
    async login(form) {
      // Shopify's login form names where to go next in `return_url` (or `checkout_url`); only paths on this shop are followed.
      const returnTo = safeLocalPath(form.return_url ?? form.checkout_url ?? form.return_to, "/account");
      return answer(await customers.login(context, form, returnTo.startsWith("/account/log") ? "/account" : returnTo));
    },
    async logout() {
      return answer(await customers.logout(context));
    },
    async recover(form) {
      return answer(await customers.recover(context, form));
    },
    resetLinkValid(customerId, token) {
      return customers.resetLinkValid(customerId, token);
    },
    async resetPassword(customerId, token, form) {
      return answer(await customers.resetPassword(context, customerId, token, form));
    },
    async challenge() {
      return customers.challengePage(context);
    },
    async solveChallenge(form) {
      return answer(await customers.solveChallenge(context, form));
    },
    saveAddress(form, id) {
      if (id !== undefined && addressId(id) === null) return Promise.resolve(answer({ ok: false, reason: "not_found", description: "That address is not in your address book.", errors: {} }));
      return forCustomer((customerId) => customers.saveAddress(customerId, id === undefined ? null : addressId(id), form));
    },
    deleteAddress(id) {
      const address = addressId(id);
      return forCustomer((customerId) => (address === null ? missingAddress() : customers.deleteAddress(customerId, address)));
    },
    setDefaultAddress(id) {
      const address = addressId(id);
      return forCustomer((customerId) => (address === null ? missingAddress() : customers.setDefaultAddress(customerId, address)));
    },
    async passkeys() {
      const who = await customer();
      return who ? customers.passkeys(who.id) : null;
    },
    async passkeyOptions() {
      const who = await customer();
      if (!who) return { ok: false, reason: "signed_out", description: "Your session has ended. Log in again to add a passkey.", errors: {} };
      return customers.passkeyOptions(who, context);
    },
    addPasskey(form) {
      return forCustomer((customerId) => customers.addPasskey(customerId, form, context));
    },
    removePasskey(number, form) {
      const passkey = addressId(number);
      return forCustomer((customerId) =>
        passkey === null ? Promise.resolve({ ok: false, reason: "not_found", description: "That passkey was already removed.", errors: {} }) : customers.removePasskey(customerId, passkey, form, context),
      );
    },
    passkeySignInOptions() {
      return customers.passkeySignInOptions(context);
    },
    async passkeyLogin(form) {
      const returnTo = safeLocalPath(form.return_url, "/account");
      return answer(await customers.passkeyLogin(context, form, returnTo.startsWith("/account/log") ? "/account" : returnTo));
    },
  };
}

const missingAddress = async (): Promise<ServiceAnswer> => ({ ok: false, reason: "not_found", description: "That address is not in your address book.", errors: {} });
