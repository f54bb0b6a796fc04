import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { MESSAGES } from '../../src/contract/messages'
import { requirePermission, requireUser } from '../auth'
import { type Ctx, stamp, type Vars } from '../context'
import { Store } from '../store'

/** Files of a product (transformer mappers, input and output samples): GET list, POST, GET and DELETE /{sub_id}. */
export const files = new Hono<{ Variables: Vars }>()
const MAX_BYTES = 5 * 1024 * 1024
const store = (c: Ctx, kind: string) => new Store(c.get('platform').db, c.get('env'), kind)
const PATH = '/:env/products/:version/:id/files'

files.get(PATH, async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const { items, totalCount } = await store(c, 'file').list({
    limit: 1000,
    offset: 0,
    parentId: c.req.param('id'),
  })
  return c.json(
    ok(
      items.map(({ content: _content, ...meta }) => meta),
      { totalCount },
    ),
  )
})

files.post(PATH, async (c) => {
  const productId = c.req.param('id')
  const user = await requirePermission(c, 'products', 'update', productId)
  if (user instanceof Response) return user
  if (!(await store(c, 'product').get(productId)))
    return c.json(failure(`Product ${productId} was not found`), 404)
  const declared = Number(c.req.header('Content-Length') ?? 0)
  if (declared > MAX_BYTES) return c.json(failure('The file is larger than 5 MB'), 413)
  let name = c.req.header('X-File-Name') ?? ''
  let type = c.req.header('Content-Type') ?? 'application/octet-stream'
  let bytes: ArrayBuffer
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.formData()
    const file = form.get('file')
    if (!(file instanceof File))
      return c.json(
        failure(MESSAGES.required, { issues: [{ path: 'file', message: MESSAGES.required }] }),
        400,
      )
    name = file.name
    type = file.type || 'application/octet-stream'
    bytes = await file.arrayBuffer()
  } else {
    bytes = await c.req.arrayBuffer()
  }
  name = decodeURIComponent(name).replace(/[/\\]/g, '_').slice(0, 200)
  if (!name) return c.json(failure('The file needs a name (X-File-Name)'), 400)
  if (bytes.byteLength === 0) return c.json(failure('The file is empty'), 400)
  if (bytes.byteLength > MAX_BYTES) return c.json(failure('The file is larger than 5 MB'), 413)
  const entity = await store(c, 'file').insert(
    {
      productId,
      name,
      contentType: type.slice(0, 100),
      size: bytes.byteLength,
      content: Buffer.from(bytes).toString('base64'),
    },
    user.id,
    stamp(c.get('platform').now()),
  )
  const { content: _content, ...meta } = entity
  return c.json(ok(meta), 201)
})

files.get(`${PATH}/:subId`, async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const file = await store(c, 'file').get(c.req.param('subId'))
  if (file?.productId !== c.req.param('id')) return c.json(failure(MESSAGES.notFound), 404)
  c.header('Content-Type', String(file.contentType))
  c.header('Content-Disposition', `attachment; filename="${encodeURIComponent(String(file.name))}"`)
  return c.body(Buffer.from(String(file.content), 'base64'))
})

files.delete(`${PATH}/:subId`, async (c) => {
  const user = await requirePermission(c, 'products', 'update', c.req.param('id'))
  if (user instanceof Response) return user
  const s = store(c, 'file')
  const file = await s.get(c.req.param('subId'))
  if (file?.productId !== c.req.param('id')) return c.json(failure(MESSAGES.notFound), 404)
  await s.remove(file.id)
  return c.json(ok({ id: file.id }))
})
