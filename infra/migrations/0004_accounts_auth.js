// Accounts infrastructure state (docs/adr/0008-accounts-sessions-and-auth.md). These are not read models: they
// are not rebuilt from events and no projection writes them. Sessions and one-time tokens are stored by the
// sha-256 of their secret, so a copy of the database does not hand out live sessions or reset links.
export async function up(sql) {
  await sql.unsafe(`
    create table auth_sessions (
      id_hash text primary key,
      user_id uuid not null,
      impersonator_id uuid null,
      -- 'two_factor': the password was right, the second factor is still to come (not signed in yet)
      stage text not null check (stage in ('authenticated', 'two_factor')),
      two_factor_strategy text null,
      email_code_hash text null,
      remember boolean not null default false,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      idle_expires_at timestamptz not null,
      absolute_expires_at timestamptz not null
    );
    create index auth_sessions_user on auth_sessions (user_id);
    create index auth_sessions_absolute_expiry on auth_sessions (absolute_expires_at);

    create table auth_password_resets (
      token_hash text primary key,
      user_id uuid not null,
      email text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null
    );
    create index auth_password_resets_user on auth_password_resets (user_id);

    -- fixed-window counters: key = '<action>:<account|ip>:<value>'
    create table auth_rate_limits (
      key text primary key,
      window_started_at timestamptz not null,
      hits int not null
    );

    -- outgoing mail when no SMTP server is configured (development, tests): GET /api/v1/dev/mailbox
    create table dev_mailbox (
      id bigserial primary key,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text null,
      sent_at timestamptz not null default now()
    );
    create index dev_mailbox_to on dev_mailbox (lower(to_address), id);
  `);
}
