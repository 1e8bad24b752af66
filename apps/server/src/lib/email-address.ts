/**
 * The mailbox an address delivers to, as accounts are keyed: trimmed, lower-cased, and without a
 * sub-address (`+tag` in the local part), so `asha+1@example.edu` and `Asha@example.edu` are one
 * mailbox and can hold one account. A local part that starts with `+` has no base mailbox to fold
 * into and stays as it is.
 */
export function mailboxOf(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  const plus = value.indexOf('+');
  if (at < 0 || plus <= 0 || plus > at) return value;
  return value.slice(0, plus) + value.slice(at);
}
