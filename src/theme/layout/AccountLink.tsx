import { Link } from "react-router";
import { useText } from "../storefront/use-shop.ts";

/** What the header knows of a logged-in customer. */
export interface HeaderCustomer {
  first_name: string;
}

/**
 * The header's account link: the customer's first name when logged in,
 * "Log in" otherwise. Drawn by the server from the session, so it takes its
 * place in the first paint and never shifts the header.
 */
export function AccountLink({ customer }: { customer: HeaderCustomer | null }) {
  const text = useText();
  return (
    <Link className="account-link" to={customer ? "/account" : "/account/login"} aria-label={customer ? text("account_named", { name: customer.first_name }) : undefined}>
      <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
        <circle cx="12" cy="8.5" r="3.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M4.8 20c.9-3.6 3.7-5.6 7.2-5.6s6.3 2 7.2 5.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span className={customer ? "account-link__name" : "account-link__text"}>{customer ? customer.first_name : text("log_in")}</span>
    </Link>
  );
}
