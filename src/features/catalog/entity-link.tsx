import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type CatalogList, catalogItemQuery } from '../../api/catalog'
import { useSession } from '../../core/session'
import { editPath } from './catalog-paths'

/** A link to a related catalog entity (connector, template, source) by its name, to its edit screen. */
export function EntityLink({ id, list }: { id: string; list: CatalogList }) {
  const query = useQuery({ ...catalogItemQuery(id), retry: false })
  const name = query.data?.name ?? id
  if (!useSession()) return <span>{name}</span>
  if (list === 'products')
    return (
      <Link to="/products/$id" params={{ id }} className="text-primary-800 underline">
        {name}
      </Link>
    )
  return (
    <Link to={editPath(list)} params={{ id }} className="text-primary-800 underline">
      {name}
    </Link>
  )
}
