-- Order amounts may pass the 32-bit limit (£21,474,836.47): money is held in 64-bit minor units.
alter table orders
  alter column subtotal_price type bigint,
  alter column total_discount type bigint,
  alter column shipping_price type bigint,
  alter column total_price type bigint;
