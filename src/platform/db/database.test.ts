import { describe, expect, it } from "vitest";
import { isWriteStatement } from "./database.ts";

describe("a statement that writes by itself", () => {
  it.each([
    "insert into bookings (reference) values ($1)",
    "  UPDATE customers set name = $2 where id = $1",
    "delete from pending_challenges where id = $1",
    "with gone as (delete from carts where expires_at < now() returning id) select count(*) from gone",
    "with fresh as (select 1) insert into notes select * from fresh",
  ])("is written under the deadline: %s", (sql) => {
    expect(isWriteStatement(sql)).toBe(true);
  });

  it.each(["select * from products", "select answer.* from cart_apply($1) as answer", "with recent as (select * from orders) select * from recent", "select updated_at from customers"])(
    "is sent as it is: %s",
    (sql) => {
      expect(isWriteStatement(sql)).toBe(false);
    },
  );
});
