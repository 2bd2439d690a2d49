-- Passkeys (WebAuthn) as a staff member's second step at sign-in, and the
-- challenges they answer.

-- A member's passkeys: the credential's id (base64url) and COSE public key
-- (base64url), its signature counter, how the browser reaches it, the name
-- the member gave it, and when it was added and last used. `number` names it
-- on the page.
create table staff_passkeys (
  id text primary key,
  number bigserial not null unique,
  staff_id bigint not null references staff(id) on delete cascade,
  name text not null,
  public_key text not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index staff_passkeys_staff_idx on staff_passkeys (staff_id);

-- Each challenge the server hands out, kept until it is answered once or expires:
-- for adding a passkey (a signed-in member) or for a waiting sign-in's second step.
create table passkey_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('staff registration', 'staff sign-in')),
  staff_id bigint not null references staff(id) on delete cascade,
  sign_in_id text,
  expires_at timestamptz not null
);
create index passkey_challenges_expires_idx on passkey_challenges (expires_at);
