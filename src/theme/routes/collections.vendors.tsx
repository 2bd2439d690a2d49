import type { Route } from "./+types/collections.vendors";
import { AttributeCollection, attributeMeta, loadAttributeCollection } from "../catalog/collection/AttributeCollection.tsx";
import { storefrontContext } from "../storefront/context.ts";

export const meta = attributeMeta;

/** `/collections/vendors?q=`: every product whose vendor is `q`. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadAttributeCollection(context.get(storefrontContext), "vendor", request);
}

export default function Vendors({ loaderData }: Route.ComponentProps) {
  return <AttributeCollection data={loaderData} />;
}
