-- Passkeys (WebAuthn) a customer signs in with instead of a password, and the
-- challenges they answer.

-- A customer's passkeys: the credential's id (base64url) and COSE public key
-- (base64url), its signature counter, how the browser reaches it, the name
-- the customer gave it, and when it was added and last used. `number` names
-- it on the account page. They go with the account.
create table customer_passkeys (
  id text primary key,
  number bigserial not null unique,
  customer_id bigint not null references customers(id) on delete cascade,
  name text not null,
  public_key text not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index customer_passkeys_customer_idx on customer_passkeys (customer_id);

-- Each challenge handed out, kept until it is answered once or expires: for
-- adding a passkey (bound to the signed-in customer) or for a sign-in (bound
-- to no account: the passkey is found by its id when the answer comes back).
create table customer_passkey_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('customer registration', 'customer sign-in')),
  customer_id bigint references customers(id) on delete cascade,
  expires_at timestamptz not null,
  check ((purpose = 'customer registration') = (customer_id is not null))
);
create index customer_passkey_challenges_expires_idx on customer_passkey_challenges (expires_at);
