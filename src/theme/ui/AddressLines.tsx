import type { CustomerAddress } from "../../core/accounts/account.ts";
import { countryNameIn } from "../../core/checkout/checkout.ts";
import { useShop } from "../storefront/use-shop.ts";

type Optional = "company" | "address2" | "province" | "phone";

/** What an address needs to be shown: a saved one, or an order's shipping address (no company or phone). */
export type ShownAddress = Omit<CustomerAddress, "id" | "default" | Optional> & { [key in Optional]?: string | null | undefined };

/** One address as an envelope shows it. */
export function AddressLines({ address, className = "account-address" }: { address: ShownAddress; className?: string }) {
  const { language = "en-GB" } = useShop();
  return (
    <address className={className}>
      {address.first_name} {address.last_name}
      {address.company ? (
        <>
          <br />
          {address.company}
        </>
      ) : null}
      <br />
      {address.address1}
      {address.address2 ? (
        <>
          <br />
          {address.address2}
        </>
      ) : null}
      <br />
      {address.city}
      {address.province ? `, ${address.province}` : ""} {address.zip}
      <br />
      {countryNameIn(address.country, language)}
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
