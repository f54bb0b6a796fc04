import { useStore } from '@tanstack/react-form'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button } from '../../ui/button'
import { withForm } from '../../ui/form/fields'
import { toFormValues } from './catalog-form-schema'

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** A product's actions as a JSON list, with a copy button (notice "Actions copied"). */
export const ActionsTab = withForm({
  defaultValues: toFormValues('dataproduct'),
  render: function ActionsTab({ form }) {
    const intl = useIntl()
    const actions = useStore(form.store, (s) => s.values.actions)
    const [notice, setNotice] = useState<'copied' | 'failed' | null>(null)
    useEffect(() => {
      if (!notice) return
      const timer = setTimeout(() => setNotice(null), 4000)
      return () => clearTimeout(timer)
    }, [notice])
    return (
      <>
        <form.AppField name="actions">
          {(field) => (
            <field.TextAreaField
              rows={10}
              label={intl.formatMessage({ id: 'catalog.actions', defaultMessage: 'Actions' })}
              hint={intl.formatMessage({
                id: 'catalog.actionsHint',
                defaultMessage: 'A JSON list of the actions a consumer can call, each an object with a name',
              })}
            />
          )}
        </form.AppField>
        <div className="flex items-center gap-3">
          <Button
            variant="secondary"
            disabled={actions.trim() === ''}
            onClick={() => void copyText(actions).then((ok) => setNotice(ok ? 'copied' : 'failed'))}
          >
            <FormattedMessage id="catalog.copyActions" defaultMessage="Copy actions" />
          </Button>
          <p role="status" className="text-sm text-green-800">
            {notice === 'copied' && (
              <FormattedMessage id="notice.actionsCopied" defaultMessage="Actions copied" />
            )}
            {notice === 'failed' && (
              <span className="text-red-800">
                <FormattedMessage
                  id="catalog.copyFailed"
                  defaultMessage="The browser did not allow copying."
                />
              </span>
            )}
          </p>
        </div>
      </>
    )
  },
})
