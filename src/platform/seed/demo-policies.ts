/** The demo shop's policies, written as a small UK skincare shop would publish them. */
import type { SeedPolicy } from "./types.ts";

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join("\n");
const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;

const DEMO_NOTE = p("<em>This is the demonstration shop's policy, written as an example of what a small UK skincare shop publishes. It is not legal advice. Last updated: 1 November 2026.</em>");

const WHO = "Lumen &amp; Leaf Ltd, Unit 4, Harbour Yard, Falmouth TR11 2XX, United Kingdom (company no. 12345678, demo)";

const privacy: SeedPolicy = {
  handle: "privacy-policy",
  title: "Privacy policy",
  bodyHtml: `
${DEMO_NOTE}
${p(`This policy explains what personal data we collect when you use our shop, why, and what rights you have. The controller of your data is ${WHO}. You can reach us about anything in this policy at <a href="mailto:privacy@lumenandleaf.example">privacy@lumenandleaf.example</a>.`)}
<h2>What we collect</h2>
${ul(
  "<strong>When you order:</strong> your name, email address, delivery and billing addresses, phone number if you give it, what you bought and the order's history.",
  "<strong>When you create an account:</strong> your name, email address and a password, which we store only as a one-way hash that nobody, including us, can read.",
  "<strong>When you contact us or book a consultation:</strong> what you write to us and the details you give so we can reply.",
  "<strong>When you sign up for our emails:</strong> your email address, and the skin type and concerns you choose to tell us.",
  "<strong>When you browse:</strong> the contents of your cart and, with your consent, how you use the site (see Cookies below).",
)}
<h2>Why we use it, and on what legal basis</h2>
${ul(
  "To take, deliver and support your orders, including sending order and delivery emails: necessary to perform our contract with you.",
  "To keep your account and your saved products: necessary to provide the service you asked for.",
  "To reply to your messages and bookings: our legitimate interest in helping you, and your request.",
  "To send marketing emails: only with your consent, which you can withdraw at any time with the unsubscribe link in every email.",
  "To keep accounting records and prevent fraud: our legal obligations and legitimate interest in protecting the shop and our customers.",
)}
<h2>Cookies</h2>
${p(
  "We use a small number of cookies that the shop needs to work: one that remembers your cart, one that keeps you logged in, and one that protects forms from misuse. These do not need your consent. Analytics and advertising cookies are set only with your consent, which you can withdraw at any time.",
)}
<h2>Who we share it with</h2>
${p(
  "We never sell your data. We share it only with companies that help us run the shop, under contracts that require them to protect it and use it only on our instructions: our hosting provider, our email provider, our payment provider, and the carriers who deliver your parcel (who receive your name, address and, for tracking, your email or phone number).",
  "Some of these providers are based outside the UK and the EU. Where your data is transferred, we rely on adequacy regulations or the standard contractual clauses approved by the UK and EU authorities.",
)}
<h2>How long we keep it</h2>
${ul(
  "Order records: six years after the end of the financial year of the order, as tax law requires.",
  "Your account: until you ask us to close it, or after three years without a login or order.",
  "Messages and bookings: two years after our last reply.",
  "Marketing consent: until you unsubscribe; we then keep your email on a suppression list so we do not write to you again.",
)}
<h2>Your rights</h2>
${p(
  "Under the UK GDPR and the EU GDPR you have the right to see the data we hold about you, to have it corrected, to have it deleted, to restrict or object to how we use it, and to receive it in a portable form. Where we rely on your consent, you can withdraw it at any time. Write to us at the address above and we will reply within one month.",
  "If you are unhappy with how we have handled your data, you can complain to the Information Commissioner's Office (ico.org.uk) or to the data protection authority of the EU country where you live. We would appreciate the chance to put it right first.",
)}`,
};

const shipping: SeedPolicy = {
  handle: "shipping-policy",
  title: "Shipping policy",
  bodyHtml: `
${DEMO_NOTE}
<h2>Where we deliver</h2>
${p("We deliver to the United Kingdom, the countries of the European Union, and a selection of other countries listed at checkout. If your country is not listed, write to us and we will see what we can do.")}
<h2>Rates and times</h2>
<table>
<thead><tr><th scope="col">Destination</th><th scope="col">Service</th><th scope="col">Price</th><th scope="col">Estimated delivery</th></tr></thead>
<tbody>
<tr><td>United Kingdom</td><td>Standard (Royal Mail Tracked 48)</td><td>£3.95, free on orders of £40 or more</td><td>2–3 working days</td></tr>
<tr><td>United Kingdom</td><td>Express (Royal Mail Tracked 24)</td><td>£5.95</td><td>1 working day</td></tr>
<tr><td>European Union</td><td>International Tracked, duties paid</td><td>£9.95, free on orders of £80 or more</td><td>4–7 working days</td></tr>
<tr><td>Rest of the world</td><td>International Tracked</td><td>£14.95</td><td>7–12 working days</td></tr>
</tbody>
</table>
${p("The free delivery thresholds are measured on the value of the products in your order after discounts, not including gift cards.")}
<h2>Dispatch</h2>
${p(
  "Orders placed by 2pm UK time, Monday to Friday, are dispatched the same day. Orders placed later, at weekends or on UK bank holidays are dispatched on the next working day. At busy times, such as the weeks before Christmas, we will say on the site if dispatch is taking longer.",
  "You will receive an email with a tracking link when your order leaves us. Delivery estimates are the carriers' and are not guaranteed.",
)}
<h2>Customs, duties and taxes</h2>
${p(
  "Orders to the EU are shipped with VAT and duties paid, so the price at checkout is the price you pay. For destinations outside the UK and EU, your parcel may be charged import duties and taxes on arrival; these are set by your country and are payable by you.",
)}
<h2>Lost or late parcels</h2>
${p(
  "If your parcel has not arrived within five working days of the estimate (ten for international orders), <a href=\"/pages/contact\">contact us</a> and we will chase it with the carrier. If it is confirmed lost, we will send a replacement or refund you in full.",
  "If you are not in, the carrier will leave a card or redeliver. Parcels that are returned to us undelivered are refunded, less the delivery charge, unless they were returned because of our mistake.",
)}
<h2>Wrong address</h2>
${p("Please check your address at checkout. If you notice a mistake, tell us straight away: we can correct it as long as the parcel has not been dispatched.")}`,
};

const refund: SeedPolicy = {
  handle: "refund-policy",
  title: "Refund policy",
  bodyHtml: `
${DEMO_NOTE}
${p("We want you to love what you buy. If you do not, this policy explains how to return it. It does not affect your statutory rights.")}
<h2>Your right to cancel (14 days)</h2>
${p(
  "Under the Consumer Contracts Regulations 2013, and the equivalent rules in the EU, you may cancel your order for any reason within 14 days of the day you receive it. Tell us by email or with the form below, then send the products back within 14 days of telling us.",
  "Because cosmetics are sealed for hygiene reasons, this right does not apply to products whose seal has been broken after delivery. Gift cards can be cancelled within 14 days as long as they have not been used.",
)}
<h2>Our 30-day returns</h2>
${p("In addition to your legal right, we accept returns of unopened, unused products in their original packaging within 30 days of delivery, for a full refund of the product price.")}
<h2>How to return</h2>
<ol>
<li><a href="/pages/contact">Send us a message</a> with your order number and the products you are returning.</li>
<li>For UK orders we will email you a prepaid returns label. From abroad, please send your return by a tracked service; we refund the postage up to the cost of our standard delivery to you.</li>
<li>Pack the products securely and include your order number.</li>
</ol>
<h2>Refunds</h2>
${p(
  "We refund within 14 days of receiving your return (or, if you cancel, of receiving evidence that you have sent it), to the payment method you used. If you cancel the whole order within 14 days, we also refund the standard delivery charge you paid. Products bought with a discount are refunded at the price you paid.",
)}
<h2>Faulty or damaged products</h2>
${p(
  "Under the Consumer Rights Act 2015, products must be of satisfactory quality, as described and fit for purpose. If something arrives damaged, faulty or not as described, tell us within 30 days with a photo and we will replace it or refund you in full, including delivery, without asking you to send it back. After 30 days you still have rights to a repair, replacement or refund under the Act.",
  "If a product disagrees with your skin, please stop using it and tell us. Although opened products cannot be returned, we look at every case individually.",
)}
<h2>Model cancellation form</h2>
<blockquote>
<p>To Lumen &amp; Leaf Ltd, Unit 4, Harbour Yard, Falmouth TR11 2XX, hello@lumenandleaf.example:</p>
<p>I hereby give notice that I cancel my contract of sale of the following goods: [products]. Ordered on [date] / received on [date]. Name: [your name]. Address: [your address]. Signature (if sent on paper). Date.</p>
</blockquote>`,
};

const terms: SeedPolicy = {
  handle: "terms-of-service",
  title: "Terms of service",
  bodyHtml: `
${DEMO_NOTE}
<h2>Who we are</h2>
${p(`This shop is run by ${WHO}. VAT number GB 123 4567 89 (demo). You can contact us at <a href="mailto:hello@lumenandleaf.example">hello@lumenandleaf.example</a> or through our <a href="/pages/contact">contact page</a>.`)}
<h2>These terms</h2>
${p("These terms apply to every order you place in our shop. Please read them with our <a href=\"/policies/shipping-policy\">shipping policy</a>, <a href=\"/policies/refund-policy\">refund policy</a> and <a href=\"/policies/privacy-policy\">privacy policy</a>. We may update them from time to time; the version that applies to your order is the one published when you placed it.")}
<h2>Orders and the contract</h2>
${p(
  "When you place an order you will receive an email confirming that we have received it. The contract between us is formed when we dispatch your order and send you the dispatch confirmation. We may decline an order, for example if a product is out of stock or a price was shown in error; if so, we will tell you and refund anything you have paid.",
  "This demonstration shop takes test orders only. No payment is taken and nothing is dispatched.",
)}
<h2>Prices and payment</h2>
${p(
  "Prices are shown in pounds sterling and include UK VAT. Delivery charges are shown at checkout before you pay. If we discover that a price was wrong after you have ordered, we will contact you to ask whether you want to continue at the correct price or cancel.",
  "Discount codes cannot be exchanged for cash, one code applies per order, and codes have the conditions stated with them.",
)}
<h2>Products</h2>
${p(
  "We describe our products as accurately as we can. Colours and textures can look slightly different on screen. Our products are cosmetics, not medicines: if you have a skin condition, please take medical advice, and always patch test a new product. Read the label and follow the directions for use.",
)}
<h2>Delivery, cancellation and returns</h2>
${p("Delivery is covered by our shipping policy, and your rights to cancel and return by our refund policy.")}
<h2>Our liability</h2>
${p(
  "If we fail to keep to these terms, we are responsible for loss or damage you suffer that is a foreseeable result of our breach or our negligence. We are not responsible for loss that was not foreseeable, or for business losses. Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for breach of your legal rights as a consumer.",
)}
<h2>Your account</h2>
${p("You are responsible for keeping your password safe. Tell us straight away if you think someone else has used your account.")}
<h2>Law and disputes</h2>
${p(
  "These terms are governed by the law of England and Wales, and you can bring proceedings in the courts of England and Wales, or in Scotland or Northern Ireland if you live there. If you live in the EU, you also keep the protection of the mandatory laws of your country and can bring proceedings there.",
  "If you have a complaint, please tell us first: most problems are solved with one email. If we cannot agree, you may refer the dispute to an alternative dispute resolution provider; we will tell you which one on request.",
)}`,
};

export const demoPolicies: SeedPolicy[] = [privacy, shipping, refund, terms];
