import { CssBaseline, GlobalStyles } from '@mui/material'
import { ThemeProvider } from '@mui/material/styles'
import { DataGrid } from '@mui/x-data-grid'
import { Refine } from '@refinedev/core'
import {
  List,
  RefineSnackbarProvider,
  RefineThemes,
  ThemedLayout,
  useDataGrid,
  useNotificationProvider,
} from '@refinedev/mui'
import routerProvider, { NavigateToResource } from '@refinedev/react-router'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, Outlet, Route, Routes } from 'react-router'
import { notHere, productsPage } from '../products.js'

const dataProvider = {
  getList: ({ pagination }) => productsPage(pagination?.currentPage ?? 1, pagination?.pageSize ?? 10),
  getOne: notHere,
  create: notHere,
  update: notHere,
  deleteOne: notHere,
  getApiUrl: () => '/api/sandbox',
}

const columns = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'productCode', headerName: 'Product code', flex: 1 },
  { field: 'status', headerName: 'Status', width: 120 },
]

function ProductList() {
  // Ten a page, as the console's and react-admin's lists.
  const { dataGridProps } = useDataGrid({ pagination: { pageSize: 10 } })
  return (
    <List>
      <DataGrid {...dataGridProps} columns={columns} pageSizeOptions={[10, 25, 50]} />
    </List>
  )
}

createRoot(document.getElementById('root')).render(
  <BrowserRouter>
    <ThemeProvider theme={RefineThemes.Blue}>
      <CssBaseline />
      <GlobalStyles styles={{ html: { WebkitFontSmoothing: 'auto' } }} />
      <RefineSnackbarProvider>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          notificationProvider={useNotificationProvider}
          resources={[{ name: 'products', list: '/products' }]}
          options={{ disableTelemetry: true, syncWithLocation: true }}
        >
          <Routes>
            <Route
              element={
                <ThemedLayout>
                  <Outlet />
                </ThemedLayout>
              }
            >
              <Route index element={<NavigateToResource resource="products" />} />
              <Route path="/products" element={<ProductList />} />
            </Route>
          </Routes>
        </Refine>
      </RefineSnackbarProvider>
    </ThemeProvider>
  </BrowserRouter>,
)
