import { queryOptions } from '@tanstack/react-query'
import type { AccessToken } from '../contract/token'
import { type ApiResult, dataOrThrow, request } from '../core/http'
import { scopeKey } from '../core/keys'
import { queryClient } from '../core/query-client'

/**
 * Personal access tokens under /{version}/{userId}/app-tokens. Every call here is
 * online-only: a token made or revoked later would surprise its owner, so none is queued.
 */
const BASE = '/api/{env}/{version}/{userId}/app-tokens'

export const tokenKeys = {
  list: (userId: string) => [...scopeKey(), 'tokens', userId] as const,
}

export const tokensQuery = (userId: string) =>
  queryOptions({
    queryKey: tokenKeys.list(userId),
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<AccessToken[]>({
          path: BASE,
          params: { userId },
          signal,
          schema: (a) => a.itemListAnswer(a.tokenAnswer),
          rows: true,
        }),
      ),
  })

function setList(userId: string, change: (list: AccessToken[]) => AccessToken[]) {
  queryClient.setQueryData<AccessToken[]>(tokenKeys.list(userId), (list) => change(list ?? []))
}

/** Creates a token; the answer carries the full value, shown once and never cached. */
export async function generateToken(
  userId: string,
  input: { name: string; expirationDate: string },
  idempotencyKey: string,
) {
  const result = await request<AccessToken>({
    method: 'POST',
    path: BASE,
    params: { userId },
    body: input,
    schema: (a) => a.tokenAnswer,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  if (result.error === undefined && result.data) {
    const { fullValue: _shownOnce, ...kept } = result.data
    setList(userId, (list) => [kept, ...list.filter((t) => t.id !== kept.id)])
  }
  return result
}

/** Revoke and renew replace the token in the list with the answer. */
function replaceWithAnswer(userId: string, result: ApiResult<AccessToken>) {
  const answer = result.data
  if (result.error === undefined && answer?.id)
    setList(userId, (list) => list.map((t) => (t.id === answer.id ? answer : t)))
  return result
}

/** Renew to the chosen date; without one the platform sets 24 hours from now, never shortening the token. */
export async function renewToken(
  userId: string,
  id: string,
  expirationDate: string | undefined,
  idempotencyKey: string,
) {
  return replaceWithAnswer(
    userId,
    await request<AccessToken>({
      method: 'POST',
      path: `${BASE}/{id}/renew`,
      params: { userId, id },
      body: expirationDate ? { expirationDate } : {},
      schema: (a) => a.tokenAnswer,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  )
}

export async function revokeToken(userId: string, id: string, idempotencyKey: string) {
  return replaceWithAnswer(
    userId,
    await request<AccessToken>({
      method: 'POST',
      path: `${BASE}/{id}/revoke`,
      params: { userId, id },
      schema: (a) => a.tokenAnswer,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  )
}

/** The token leaves the list once the platform accepted the removal (200, or 204 without a body). */
export async function removeToken(userId: string, id: string, idempotencyKey: string) {
  const result = await request<{ id: string }>({
    method: 'DELETE',
    path: `${BASE}/{id}`,
    params: { userId, id },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  if (result.error === undefined && result.status >= 200 && result.status < 300)
    setList(userId, (list) => list.filter((t) => t.id !== id))
  return result
}
