import { Form } from "react-router";
import { SHIPPING_COUNTRIES } from "../../core/checkout/checkout.ts";
import type { CustomerAddress } from "../../core/accounts/account.ts";
import { AccountField, fieldId } from "./AccountField.tsx";
import { SubmitButton } from "./SubmitButton.tsx";
import type { AccountProblem } from "./answer.ts";

export const ADDRESS_LABELS = {
  first_name: "First name",
  last_name: "Last name",
  company: "Company",
  address1: "Address",
  address2: "Apartment, suite, etc.",
  city: "City",
  province: "County / State",
  zip: "Postcode",
  country: "Country",
  phone: "Phone",
};

/** Shopify's `customer_address` form: a new address posts to `/account/addresses`, an edit to `/account/addresses/{id}` with `_method=put`. */
export function AddressForm({ address, problem }: { address: CustomerAddress | null; problem: AccountProblem | null }) {
  const action = address ? `/account/addresses/${address.id}` : "/account/addresses";
  const value = (field: keyof typeof ADDRESS_LABELS) => (address?.[field] ?? undefined) || undefined;
  const countryErrors = problem?.errors.country ?? [];
  const country = problem?.values["address[country]"] ?? address?.country ?? "GB";
  return (
    <Form className="account-form" method="post" action={action} key={address?.id ?? "new"}>
      <input type="hidden" name="form_type" value="customer_address" />
      <input type="hidden" name="utf8" value="✓" />
      {address ? <input type="hidden" name="_method" value="put" /> : null}
      <div className="account-form__pair">
        <AccountField name="address[first_name]" field="first_name" label="First name" autoComplete="given-name" problem={problem} defaultValue={value("first_name")} />
        <AccountField name="address[last_name]" field="last_name" label="Last name" autoComplete="family-name" problem={problem} defaultValue={value("last_name")} />
      </div>
      <AccountField name="address[company]" field="company" label="Company" autoComplete="organization" required={false} problem={problem} defaultValue={value("company")} />
      <AccountField name="address[address1]" field="address1" label="Address" autoComplete="address-line1" problem={problem} defaultValue={value("address1")} />
      <AccountField name="address[address2]" field="address2" label="Apartment, suite, etc." autoComplete="address-line2" required={false} problem={problem} defaultValue={value("address2")} />
      <div className="account-form__pair">
        <AccountField name="address[city]" field="city" label="City" autoComplete="address-level2" problem={problem} defaultValue={value("city")} />
        <AccountField name="address[province]" field="province" label="County / State" autoComplete="address-level1" required={false} problem={problem} defaultValue={value("province")} />
      </div>
      <div className="account-form__pair">
        <AccountField name="address[zip]" field="zip" label="Postcode" autoComplete="postal-code" problem={problem} defaultValue={value("zip")} />
        <div className="field field--country">
          <label className="field__label" htmlFor={fieldId("country")}>
            Country
          </label>
          <select
            className="select field__input"
            id={fieldId("country")}
            name="address[country]"
            autoComplete="country"
            required
            defaultValue={country}
            aria-invalid={countryErrors.length > 0 || undefined}
            aria-describedby={countryErrors.length ? `${fieldId("country")}-error` : undefined}
          >
            {SHIPPING_COUNTRIES.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          {countryErrors.length ? (
            <p className="field__error" id={`${fieldId("country")}-error`}>
              {countryErrors.join(" ")}
            </p>
          ) : null}
        </div>
      </div>
      <AccountField name="address[phone]" field="phone" label="Phone" type="tel" autoComplete="tel" required={false} problem={problem} defaultValue={value("phone")} />
      <div className="checkbox">
        <input id="account-address-default" type="checkbox" name="address[default]" value="1" defaultChecked={address?.default ?? false} />
        <label htmlFor="account-address-default">Use as my default address</label>
      </div>
      <SubmitButton label={address ? "Save address" : "Add address"} busyLabel="Saving…" action={action} />
    </Form>
  );
}
