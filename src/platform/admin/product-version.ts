/** A product's version: when it was last saved, to the microsecond, as text both databases write alike. Edits made from an older version are refused. */
export const PRODUCT_VERSION_SQL = "to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US')";
