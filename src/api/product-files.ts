import { queryOptions } from '@tanstack/react-query'
import type { FileKind } from '../contract/file-kinds'
import type { ProductFile } from '../contract/product-file'
import { authHeaders, buildPath, dataOrThrow, GENERIC_FAILURE, noteResponse, request } from '../core/http'
import { scopeKey } from '../core/keys'
import { noteNoAnswer } from '../core/online'

export { FILE_KINDS, type FileKind } from '../contract/file-kinds'
export type { ProductFile } from '../contract/product-file'
/** The platform's limit per file. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024

const FILES = '/api/{env}/products/{version}/{id}/files'

export const productFileKeys = {
  ofProduct: (productId: string) => [...scopeKey(), 'product-files', productId] as const,
}

export const productFilesQuery = (productId: string) =>
  queryOptions({
    queryKey: productFileKeys.ofProduct(productId),
    queryFn: async ({ signal }) => {
      const data = dataOrThrow(
        await request<ProductFile[]>({
          path: FILES,
          params: { id: productId },
          signal,
          schema: (a) => a.listOf(a.productFileAnswer),
        }),
      )
      return Array.isArray(data) ? data : []
    },
  })

export type UploadResult = { ok: true; file: ProductFile } | { ok: false; status: number; error: string }

/**
 * Uploads one file as the raw body (name in X-File-Name). XMLHttpRequest, because fetch reports no
 * upload progress; the headers and the 401 rule are the http layer's.
 */
export function uploadProductFile(
  productId: string,
  file: File,
  kind: FileKind | undefined,
  onProgress: (fraction: number) => void,
  idempotencyKey: string = crypto.randomUUID(),
): { done: Promise<UploadResult>; abort: () => void } {
  const url = buildPath(FILES, { id: productId })
  const xhr = new XMLHttpRequest()
  const done = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', url)
    const headers = authHeaders(url, {
      'Content-Type': file.type || 'application/octet-stream',
      'X-File-Name': encodeURIComponent(file.name),
      'Idempotency-Key': idempotencyKey,
      ...(kind ? { 'X-File-Kind': kind } : {}),
    })
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      noteResponse(url, xhr.status)
      let body: { result?: ProductFile; message?: string; error?: { message?: string } } | undefined
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.result) resolve({ ok: true, file: body.result })
      else
        resolve({
          ok: false,
          status: xhr.status,
          error: body?.error?.message ?? body?.message ?? (xhr.statusText || GENERIC_FAILURE),
        })
    }
    xhr.onerror = () => {
      noteNoAnswer()
      resolve({ ok: false, status: 0, error: GENERIC_FAILURE })
    }
    xhr.onabort = () => resolve({ ok: false, status: 0, error: 'aborted' })
    xhr.send(file)
  })
  return { done, abort: () => xhr.abort() }
}

/** The file's bytes as a Blob, to be saved under its name. */
export function downloadProductFile(productId: string, fileId: string) {
  return request<Blob>({ path: `${FILES}/{fileId}`, params: { id: productId, fileId }, blob: true })
}

/** Online-only like the upload: the files panel does not queue. */
export function deleteProductFile(productId: string, fileId: string, idempotencyKey: string) {
  return request<{ id: string }>({
    method: 'DELETE',
    path: `${FILES}/{fileId}`,
    params: { id: productId, fileId },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}
