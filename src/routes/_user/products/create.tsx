import { createFileRoute } from '@tanstack/react-router'
import { CatalogEditScreen } from '../../../features/catalog/catalog-edit-screen'

export const Route = createFileRoute('/_user/products/create')({
  component: () => <CatalogEditScreen list="products" />,
})
