import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { FILE_KINDS, JSON_FILE_KINDS, looksLikeJsonFile, NOT_JSON_FILE } from '../../src/contract/file-kinds'
import { MESSAGES } from '../../src/contract/messages'
import { type Ctx, stamp, type Vars } from '../context'
import { route, userOf } from '../guard'
import { Store } from '../store'
import { readLimited } from '../validate'
import { idempotent, notFound } from '../writes'
import { PRODUCTS, productEvent } from './products'

/** Files of a product (transformer mappers, input and output samples): GET list, POST, GET and DELETE /{sub_id}. */
export const files = new Hono<{ Variables: Vars }>()
export const MAX_FILE_BYTES = 5 * 1024 * 1024
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024
const store = (c: Ctx, kind: string) => new Store(c.get('platform').db, c.get('env'), kind)
const PATH = `${PRODUCTS}/:id/files`
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w-]+=[\w.-]+)*$/
const tooLarge = () => failure('The file is larger than 5 MB')
const MB = 1024 * 1024
const megabytes = (bytes: number) =>
  bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / MB) * 10) / 10} MB`

/** What a product's files take together, in bytes (their sizes, not their content). */
async function usedBytes(c: Ctx, productId: string): Promise<number> {
  const [row] = await c
    .get('platform')
    .db.query<{ n: string | number }>(
      "SELECT coalesce(sum((data->>'size')::bigint), 0) AS n FROM entities WHERE env = $1 AND kind = 'file' AND parent_id = $2",
      [c.get('env'), productId],
    )
  return Number(row?.n ?? 0)
}

/** A product's files take at most the platform's quota together (FILE_QUOTA_BYTES): past it, 413. */
export const overQuota = (quota: number, used: number, size: number) =>
  failure(
    `The product's files may take ${megabytes(quota)} together; ${megabytes(used)} are used and this file needs ${megabytes(size)}. Remove a file first.`,
  )
/** What a file is to its product (a transformer's mapper, input and output samples); absent for other files. */
const isKind = (v: string): v is (typeof FILE_KINDS)[number] => (FILE_KINDS as readonly string[]).includes(v)

/** A JSON kind takes a file named or typed as JSON whose content parses. */
function isJson(name: string, contentType: string, bytes: Uint8Array) {
  if (!looksLikeJsonFile(name, contentType)) return false
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    return true
  } catch {
    return false
  }
}

type Upload =
  | { name: string; contentType: string; bytes: Uint8Array; kind?: string }
  | { status: 400 | 413; message: string }

/** The file of a request: the raw body named by X-File-Name, or the `file` field of a multipart form. */
async function readUpload(c: Ctx): Promise<Upload> {
  const declaredType = c.req.header('Content-Type') ?? 'application/octet-stream'
  const multipart = declaredType.startsWith('multipart/form-data')
  const raw = await readLimited(c.req.raw, MAX_FILE_BYTES + (multipart ? MULTIPART_OVERHEAD : 0))
  if (!raw) return { status: 413, message: tooLarge().message }
  if (!multipart) {
    let name = c.req.header('X-File-Name') ?? ''
    try {
      name = decodeURIComponent(name)
    } catch {
      return { status: 400, message: 'X-File-Name is not a valid encoded name' }
    }
    return { name, contentType: declaredType, bytes: raw, kind: c.req.header('X-File-Kind') }
  }
  let form: FormData
  try {
    form = await new Request('http://upload.local/', {
      method: 'POST',
      headers: { 'Content-Type': declaredType },
      body: raw,
    }).formData()
  } catch {
    return { status: 400, message: 'The multipart body cannot be read' }
  }
  const file = form.get('file')
  if (!(file instanceof File)) return { status: 400, message: `file: ${MESSAGES.required}` }
  const kind = form.get('kind')
  return {
    name: file.name,
    contentType: file.type || 'application/octet-stream',
    bytes: new Uint8Array(await file.arrayBuffer()),
    kind: typeof kind === 'string' ? kind : (c.req.header('X-File-Kind') ?? undefined),
  }
}

route(files, 'get', PATH, async (c) => {
  const productId = c.req.param('id')
  if (!(await store(c, 'product').get(productId)))
    return c.json(notFound('Product', productId).body as object, 404)
  // Metadata only: the content stays in the database.
  const { items, totalCount } = await store(c, 'file').list({
    limit: 1000,
    offset: 0,
    parentId: productId,
    without: ['content'],
  })
  return c.json(ok(items, { totalCount }))
})

route(files, 'post', PATH, async (c) => {
  const productId = c.req.param('id')
  const user = userOf(c)
  const upload = await readUpload(c)
  if ('status' in upload) return c.json(failure(upload.message), upload.status)
  const name = upload.name.replace(/[/\\\p{Cc}]/gu, '_').slice(0, 200)
  if (!name.trim()) return c.json(failure('The file needs a name (X-File-Name)'), 400)
  if (upload.bytes.byteLength === 0) return c.json(failure('The file is empty'), 400)
  if (upload.bytes.byteLength > MAX_FILE_BYTES) return c.json(tooLarge(), 413)
  const kind = upload.kind || undefined
  if (kind !== undefined && !isKind(kind))
    return c.json(failure(`kind: one of ${FILE_KINDS.join(', ')}`), 400)
  if (
    kind !== undefined &&
    JSON_FILE_KINDS.includes(kind) &&
    !isJson(upload.name, upload.contentType, upload.bytes)
  )
    return c.json(failure(NOT_JSON_FILE), 415)
  const contentType = CONTENT_TYPE.test(upload.contentType)
    ? upload.contentType.slice(0, 100)
    : 'application/octet-stream'
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex')
  return idempotent(c, user, { name, contentType, sha256, kind }, async () => {
    const product = await store(c, 'product').get(productId)
    if (!product) return notFound('Product', productId)
    const quota = c.get('platform').fileQuotaBytes
    const used = await usedBytes(c, productId)
    if (used + upload.bytes.byteLength > quota)
      return { status: 413, body: overQuota(quota, used, upload.bytes.byteLength) }
    const entity = await store(c, 'file').insert(
      {
        productId,
        name,
        ...(kind ? { kind } : {}),
        contentType,
        size: upload.bytes.byteLength,
        sha256,
        content: Buffer.from(upload.bytes).toString('base64'),
      },
      user.id,
      await stamp(c.get('platform').db, c.get('platform').now()),
    )
    await productEvent(c, user, product, 'FILE_UPLOADED', `File ${name} uploaded`)
    const { content: _content, ...meta } = entity
    return { status: 201, body: ok(meta) }
  })
})

route(files, 'get', `${PATH}/:subId`, async (c) => {
  const file = await store(c, 'file').get(c.req.param('subId'))
  if (file?.productId !== c.req.param('id')) return c.json(failure(MESSAGES.notFound), 404)
  // The bytes are the uploader's: never rendered or sniffed as a page of this origin.
  c.header('Content-Type', String(file.contentType))
  c.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(String(file.name))}`)
  c.header('X-Content-Type-Options', 'nosniff')
  c.header('Content-Security-Policy', "default-src 'none'; sandbox")
  return c.body(Buffer.from(String(file.content), 'base64'))
})

route(files, 'delete', `${PATH}/:subId`, async (c) => {
  const productId = c.req.param('id')
  const user = userOf(c)
  return idempotent(c, user, null, async () => {
    const s = store(c, 'file')
    const file = await s.get(c.req.param('subId'))
    const product = await store(c, 'product').get(productId)
    if (!product || file?.productId !== productId) return { status: 404, body: failure(MESSAGES.notFound) }
    await s.remove(file.id)
    await productEvent(c, user, product, 'FILE_REMOVED', `File ${String(file.name)} removed`)
    return { status: 200, body: ok({ id: file.id }) }
  })
})
