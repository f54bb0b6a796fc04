import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setUnauthorizedHandler } from '../core/http'
import { organizationSetting } from '../core/scope'
import { saveSession } from '../core/session'
import { uploadProductFile } from './product-files'

/** Stands in for the browser's XMLHttpRequest: records what is sent, answers when told. */
class FakeXhr {
  static last: FakeXhr
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown
  status = 0
  statusText = ''
  responseText = ''
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {}
  onload?: () => void
  onerror?: () => void
  onabort?: () => void
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

beforeEach(async () => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  organizationSetting.set('org-7')
  await saveSession({
    kind: 'developer',
    user: { id: 'u1', email: 'a@b.c' },
    token: 'tok-1',
    expiresAt: Date.now() + 1e6,
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  organizationSetting.clear()
})

describe('file upload', () => {
  it('sends the raw file with the session token, Organization-Id, name and kind, and reports progress', async () => {
    const progress: number[] = []
    const file = new File(['a,b\n1,2'], 'täsmä data.csv', { type: 'text/csv' })
    const { done } = uploadProductFile('p1', file, 'input-raw', (f) => progress.push(f))
    const xhr = FakeXhr.last
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/sandbox/products/v2/p1/files')
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      'Organization-Id': 'org-7',
      'Content-Type': 'text/csv',
      'X-File-Name': encodeURIComponent('täsmä data.csv'),
      'X-File-Kind': 'input-raw',
    })
    expect(xhr.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(xhr.body).toBe(file)
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 6 })
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 6, total: 6 })
    xhr.answer(201, { success: true, result: { id: 'f1', name: 'täsmä data.csv' } })
    expect(await done).toEqual({ ok: true, file: { id: 'f1', name: 'täsmä data.csv' } })
    expect(progress).toEqual([0.5, 1])
  })

  it('gives the platform’s message on refusal; a 401 on a files path signs out', async () => {
    const logout = vi.fn()
    setUnauthorizedHandler(logout)
    const first = uploadProductFile('p1', new File(['x'], 'x.bin'), undefined, () => {})
    expect(FakeXhr.last.headers['X-File-Kind']).toBeUndefined()
    FakeXhr.last.answer(413, { success: false, error: { message: 'The file is larger than 5 MB' } })
    expect(await first.done).toEqual({ ok: false, status: 413, error: 'The file is larger than 5 MB' })
    expect(logout).not.toHaveBeenCalled()

    const second = uploadProductFile('p1', new File(['x'], 'x.bin'), undefined, () => {})
    FakeXhr.last.answer(401, { success: false, message: 'Unauthorized' })
    expect(await second.done).toMatchObject({ ok: false, status: 401 })
    expect(logout).toHaveBeenCalledOnce()
  })
})
