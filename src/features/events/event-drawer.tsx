import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedDate, FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import { eventQuery, type PlatformEvent } from '../../api/events'
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '../../ui/dialog'
import { categoryText, targetTypeText } from '../../ui/enum-text'
import { QueryState } from '../../ui/query-state'
import { StatusBadge } from '../../ui/status-badge'
import { EVENT_FIELDS, eventFieldLabels, eventLinks } from './event-fields'

const linkClass =
  'inline-flex items-center rounded-md border border-primary-300 px-3 py-1.5 text-sm font-medium text-primary-800 hover:bg-primary-50'

/** The detail drawer (Radix Dialog): every field, and links to the entity, the task and the contract. */
export function EventDrawer({
  id,
  loaded,
  onClose,
}: {
  id: string | undefined
  /** The event as the list has it, shown at once; the platform's copy is fetched when it is missing. */
  loaded: PlatformEvent | undefined
  onClose: () => void
}) {
  const intl = useIntl()
  const fetched = useQuery({ ...eventQuery(id ?? ''), enabled: id !== undefined && loaded === undefined })
  const event = loaded ?? fetched.data
  return (
    <Dialog
      open={id !== undefined}
      onOpenChange={(open) => !open && onClose()}
      placement="right"
      className="w-[min(32rem,100vw)]"
    >
      <div className="flex items-start gap-3 border-b px-5 py-4">
        <DialogTitle className="flex-1 [overflow-wrap:anywhere]">
          {event?.type ?? <FormattedMessage id="events.detail" defaultMessage="Event" />}
        </DialogTitle>
        <DialogClose
          className="rounded px-2 py-1 text-gray-700 hover:bg-gray-100"
          aria-label={intl.formatMessage({ id: 'common.close', defaultMessage: 'Close' })}
        >
          ✕
        </DialogClose>
      </div>
      <DialogDescription className="sr-only">
        <FormattedMessage
          id="events.detailText"
          defaultMessage="Every field of the event, and where it leads."
        />
      </DialogDescription>
      <div className="flex-1 overflow-y-auto px-5 py-4">
        {!event && <QueryState query={fetched} empty={false} />}
        {event && (
          <>
            <nav
              aria-label={intl.formatMessage({ id: 'events.links', defaultMessage: 'Go to' })}
              className="mb-4 flex flex-wrap gap-2"
            >
              {eventLinks(event).map((link) => (
                <Link
                  key={`${link.to}|${link.id}`}
                  to={link.to}
                  params={{ id: link.id }}
                  className={linkClass}
                >
                  {intl.formatMessage(link.label)}
                </Link>
              ))}
            </nav>
            <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
              {EVENT_FIELDS.map((field) => (
                <Field key={field} name={intl.formatMessage(eventFieldLabels[field])}>
                  {render(event, field, intl)}
                </Field>
              ))}
            </dl>
          </>
        )}
      </div>
    </Dialog>
  )
}

function render(event: PlatformEvent, field: keyof PlatformEvent, intl: IntlShape): ReactNode {
  const value = event[field]
  if (value === undefined || value === null || value === '') return <span className="text-gray-500">—</span>
  if (field === 'timestamp') return <FormattedDate value={value} dateStyle="medium" timeStyle="medium" />
  if (field === 'status') return <StatusBadge status={value} />
  if (field === 'targetType') return targetTypeText(intl, value)
  if (field === 'category') return categoryText(intl, value)
  return value
}

function Field({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs leading-5 font-medium text-gray-600">{name}</dt>
      <dd className="min-w-0 text-gray-900 [overflow-wrap:anywhere]">{children}</dd>
    </>
  )
}
