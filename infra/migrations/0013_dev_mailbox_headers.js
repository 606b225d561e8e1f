// The dev mailbox keeps a message's own headers (a newsletter's List-Unsubscribe, ADR 0065), so tests and
// developers read them as a mail client would.
export async function up(sql) {
  await sql.unsafe(`alter table dev_mailbox add column headers jsonb null;`);
}
