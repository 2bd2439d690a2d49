import type { CustomerAddress } from "../../core/account.ts";
import { countryName } from "../../core/checkout.ts";

/** One address as an envelope shows it. */
export function AddressLines({ address }: { address: Omit<CustomerAddress, "id" | "default"> }) {
  return (
    <address className="account-address">
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
      {countryName(address.country)}
      {address.phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}
