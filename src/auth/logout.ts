import type { AnyRouter } from '@tanstack/react-router'
import { setSession } from './session'

/** Logout clears the store, then logs out and lands on /login (SPEC §2 Menu, §6). */
export async function logout(router: AnyRouter) {
  setSession(null)
  await router.navigate({ to: '/login' })
}
