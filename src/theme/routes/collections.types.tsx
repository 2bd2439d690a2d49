import type { Route } from "./+types/collections.types";
import { AttributeCollection, attributeMeta, loadAttributeCollection } from "../catalog/collection/AttributeCollection.tsx";
import { storefrontContext } from "../storefront/context.ts";

export const meta = attributeMeta;

/** `/collections/types?q=`: every product whose product type is `q`. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadAttributeCollection(context.get(storefrontContext), "type", request);
}

export default function Types({ loaderData }: Route.ComponentProps) {
  return <AttributeCollection data={loaderData} />;
}
