import { useEffect, useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type ProductPart, queueProductPart } from '../../api/product-parts'
import type { OutboxEntry } from '../../outbox/db'
import { useUnsavedInput } from '../../pwa/unsaved'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { SaveNotKept } from '../../ui/draft-offer'
import { translateValidation } from '../../ui/form/validation-message'
import { inputClass } from '../../ui/input'
import { PendingBadge } from '../../ui/pending-badge'
import { isNotKept, saveErrorOf } from '../../ui/save-error'
import { SubForm } from '../../ui/sub-form'
import { formatJson, parseJsonObject } from './json-object'

/** One JSON object editor; its save is queued with the product's version as the base (If-Match). */
export function JsonPartEditor(props: {
  sourceId: string
  part: ProductPart
  label: string
  value: unknown
  loading: boolean
  error?: string
  productName: string
  baseVersion?: string
  pendingStatus?: OutboxEntry['status']
  saved: boolean
  onSaved: (saved: boolean) => void
}) {
  const intl = useIntl()
  const id = useId()
  const shown = props.loading ? '' : formatJson(props.value)
  const [text, setText] = useState(shown)
  // The user's unsaved typing wins over a refresh (another save syncing refreshes every product query).
  const [edited, setEdited] = useState(false)
  // Typed and not saved: leaving the page (or the main Save's return to the list) asks first.
  useUnsavedInput(edited)
  useEffect(() => {
    if (!edited) setText(shown)
  }, [shown, edited])
  const [problem, setProblem] = useState<string | null>(null)

  const save = async () => {
    const parsed = parseJsonObject(text)
    if (!parsed.ok) {
      setProblem(parsed.message)
      return
    }
    setProblem(null)
    try {
      await queueProductPart(
        props.sourceId,
        props.part,
        parsed.value,
        props.baseVersion,
        `${props.productName} · ${props.label}`,
      )
      setEdited(false)
      props.onSaved(true)
    } catch (error) {
      // Not queued (a full store, the outbox's code not loaded offline): said under it, the text stays.
      const why = saveErrorOf(error)
      setProblem(isNotKept(why) || !(error instanceof Error) ? why : error.message)
    }
  }

  return (
    <SubForm onSubmit={() => void save()}>
      <label htmlFor={`${id}-text`} className="mb-1 flex items-center text-sm font-medium text-gray-800">
        {props.label}
        <PendingBadge status={props.pendingStatus} />
      </label>
      {props.error && <Alert>{props.error}</Alert>}
      <textarea
        id={`${id}-text`}
        rows={10}
        spellCheck={false}
        disabled={props.loading}
        value={text}
        aria-invalid={problem !== null && !isNotKept(problem)}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value)
          setEdited(true)
          props.onSaved(false)
        }}
        className={`${inputClass} font-mono`}
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {isNotKept(problem) ? <SaveNotKept detail={problem} /> : translateValidation(intl, problem)}
        </p>
      )}
      {props.saved && !problem && (
        <p role="status" className="mt-1 text-sm text-green-800">
          <FormattedMessage
            id="sourceParts.queued"
            defaultMessage="{part} saved."
            values={{ part: props.label }}
          />
        </p>
      )}
      <Button onClick={() => void save()} className="mt-2" disabled={props.loading}>
        <FormattedMessage id="sourceParts.save" defaultMessage="Save {part}" values={{ part: props.label }} />
      </Button>
    </SubForm>
  )
}
