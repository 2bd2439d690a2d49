import { Form } from "react-router";
import { SHIPPING_COUNTRIES, countryNameIn } from "../../core/checkout/checkout.ts";
import { type TextKey, useShop, useText } from "../storefront/use-shop.ts";
import type { CustomerAddress } from "../../core/accounts/account.ts";
import { AccountField, fieldId } from "./AccountField.tsx";
import { SubmitButton } from "./SubmitButton.tsx";
import type { AccountProblem } from "./answer.ts";

/** Each address field's label, in the site's language (the form's and its error summary's). */
export function addressLabels(text: (key: TextKey) => string) {
  return {
    first_name: text("checkout_first_name"),
    last_name: text("checkout_last_name"),
    company: text("account_company"),
    address1: text("checkout_address1"),
    address2: text("checkout_address2"),
    city: text("checkout_city"),
    province: text("checkout_county"),
    zip: text("checkout_postcode"),
    country: text("checkout_country"),
    phone: text("checkout_phone"),
  };
}

/** Shopify's `customer_address` form: a new address posts to `/account/addresses`, an edit to `/account/addresses/{id}` with `_method=put`. */
export function AddressForm({ address, problem }: { address: CustomerAddress | null; problem: AccountProblem | null }) {
  const action = address ? `/account/addresses/${address.id}` : "/account/addresses";
  const text = useText();
  const { language = "en-GB" } = useShop();
  const labels = addressLabels(text);
  const value = (field: keyof typeof labels) => (address?.[field] ?? undefined) || undefined;
  const countryErrors = problem?.errors.country ?? [];
  const country = problem?.values["address[country]"] ?? address?.country ?? "GB";
  return (
    <Form className="account-form" method="post" action={action} key={address?.id ?? "new"}>
      <input type="hidden" name="form_type" value="customer_address" />
      <input type="hidden" name="utf8" value="✓" />
      {address ? <input type="hidden" name="_method" value="put" /> : null}
      <div className="account-form__pair">
        <AccountField name="address[first_name]" field="first_name" label={labels.first_name} autoComplete="given-name" problem={problem} defaultValue={value("first_name")} />
        <AccountField name="address[last_name]" field="last_name" label={labels.last_name} autoComplete="family-name" problem={problem} defaultValue={value("last_name")} />
      </div>
      <AccountField name="address[company]" field="company" label={labels.company} autoComplete="organization" required={false} problem={problem} defaultValue={value("company")} />
      <AccountField name="address[address1]" field="address1" label={labels.address1} autoComplete="address-line1" problem={problem} defaultValue={value("address1")} />
      <AccountField name="address[address2]" field="address2" label={labels.address2} autoComplete="address-line2" required={false} problem={problem} defaultValue={value("address2")} />
      <div className="account-form__pair">
        <AccountField name="address[city]" field="city" label={labels.city} autoComplete="address-level2" problem={problem} defaultValue={value("city")} />
        <AccountField name="address[province]" field="province" label={labels.province} autoComplete="address-level1" required={false} problem={problem} defaultValue={value("province")} />
      </div>
      <div className="account-form__pair">
        <AccountField name="address[zip]" field="zip" label={labels.zip} autoComplete="postal-code" problem={problem} defaultValue={value("zip")} />
        <div className="field field--country">
          <label className="field__label" htmlFor={fieldId("country")}>
            {labels.country}
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
                {countryNameIn(option.code, language)}
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
      <AccountField name="address[phone]" field="phone" label={labels.phone} type="tel" autoComplete="tel" required={false} problem={problem} defaultValue={value("phone")} />
      <div className="checkbox">
        <input id="account-address-default" type="checkbox" name="address[default]" value="1" defaultChecked={address?.default ?? false} />
        <label htmlFor="account-address-default">{text("account_use_default")}</label>
      </div>
      <SubmitButton label={address ? text("account_save_address") : text("account_add_address_button")} busyLabel={text("account_saving")} action={action} />
    </Form>
  );
}
