/**
 * The top bar's account actions (seed 000 §2.9): guest sign-in actions when nobody is signed in, the
 * signed-in user's menu otherwise. Owned by the auth module.
 */
export function AccountActions() {
  return null;
}
