// The platform's public product list, read as the console's signed-out /products reads it: the same
// endpoint, no credentials, one page at a time.
export async function productsPage(page, perPage) {
  const query = new URLSearchParams({
    type: 'dataproduct',
    limit: String(perPage),
    offset: String((page - 1) * perPage),
  })
  const response = await fetch(`/api/sandbox/products/v2?${query}`, {
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`products: ${response.status}`)
  const body = await response.json()
  const data = Array.isArray(body.result) ? body.result : []
  return { data, total: body.pagination?.totalCount ?? data.length }
}

export const notHere = () => Promise.reject(new Error('the peer only lists products'))
