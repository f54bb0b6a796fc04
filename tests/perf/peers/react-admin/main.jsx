import { Admin, DataTable, List, Resource } from 'react-admin'
import { createRoot } from 'react-dom/client'
import { notHere, productsPage } from '../products.js'

const dataProvider = {
  getList: (_resource, { pagination }) => productsPage(pagination.page, pagination.perPage),
  getOne: notHere,
  getMany: notHere,
  getManyReference: notHere,
  create: notHere,
  update: notHere,
  updateMany: notHere,
  delete: notHere,
  deleteMany: notHere,
}

const ProductList = () => (
  <List>
    <DataTable bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="name" />
      <DataTable.Col source="productCode" label="Product code" />
      <DataTable.Col source="status" />
    </DataTable>
  </List>
)

createRoot(document.getElementById('root')).render(
  <Admin dataProvider={dataProvider} title="Products">
    <Resource name="products" list={ProductList} />
  </Admin>,
)
