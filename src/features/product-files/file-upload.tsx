import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useOnlineWrite } from '../../api/online-write'
import { type FileKind, MAX_FILE_BYTES, productFileKeys, uploadProductFile } from '../../api/product-files'
import { JSON_FILE_ACCEPT, JSON_FILE_KINDS, looksLikeJsonFile } from '../../contract/file-kinds'
import { useOnline } from '../../core/online'
import { OnlineOnlyButton } from '../../ui/online-only-button'

type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'done'; fraction: number; name: string }
  | { phase: 'error'; text: string }

/** Choose a file and send it with a visible progress bar; at most 5 MB (the platform's limit). */
export function FileUpload({
  productId,
  kind,
  label,
}: {
  productId: string
  kind?: FileKind
  label: string
}) {
  const intl = useIntl()
  const id = useId()
  const online = useOnline()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<File | null>(null)
  const [state, setState] = useState<UploadState>({ phase: 'idle' })

  const jsonOnly = kind !== undefined && JSON_FILE_KINDS.includes(kind)
  const choose = (file: File | null) => {
    setChosen(null)
    if (file && jsonOnly && !looksLikeJsonFile(file.name, file.type)) {
      setState({
        phase: 'error',
        text: intl.formatMessage(
          {
            id: 'files.notJson',
            defaultMessage: '{name} is not a JSON file: the platform takes only .json files here.',
          },
          { name: file.name },
        ),
      })
      return
    }
    if (file && file.size > MAX_FILE_BYTES) {
      setState({
        phase: 'error',
        text: intl.formatMessage(
          {
            id: 'files.tooLarge',
            defaultMessage: '{name} is larger than 5 MB, the largest file the platform takes.',
          },
          { name: file.name },
        ),
      })
      return
    }
    setState({ phase: 'idle' })
    setChosen(file)
  }

  const write = useOnlineWrite(async (file: File, key: string) => {
    const name = file.name
    const { done } = uploadProductFile(
      productId,
      file,
      kind,
      (fraction) => setState({ phase: 'uploading', fraction, name }),
      key,
    )
    const result = await done
    if (result.ok) return { data: result.file, status: 201 }
    return { status: result.status, error: result.error, kind: result.status ? 'status' : 'offline' } as const
  })
  const upload = async () => {
    if (!chosen) return
    const name = chosen.name
    setState({ phase: 'uploading', fraction: 0, name })
    const result = await write.run(chosen)
    if (!result) return
    if (result.error === undefined) {
      setState({ phase: 'done', fraction: 1, name })
      setChosen(null)
      if (input.current) input.current.value = ''
      await queryClient.invalidateQueries({ queryKey: productFileKeys.ofProduct(productId) })
    } else setState({ phase: 'idle' })
  }

  const percent = state.phase === 'uploading' || state.phase === 'done' ? Math.round(state.fraction * 100) : 0
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-gray-800">
            <FormattedMessage id="files.choose" defaultMessage="File for {kind}" values={{ kind: label }} />
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={jsonOnly ? JSON_FILE_ACCEPT : undefined}
            disabled={!online || state.phase === 'uploading'}
            aria-describedby={`${id}-limit`}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 disabled:text-gray-400"
          />
        </div>
        <OnlineOnlyButton
          variant="secondary"
          disabled={!chosen || state.phase === 'uploading' || write.busy}
          aria-busy={write.busy}
          onClick={() => void upload()}
        >
          <FormattedMessage id="files.upload" defaultMessage="Upload {kind}" values={{ kind: label }} />
        </OnlineOnlyButton>
      </div>
      <p id={`${id}-limit`} className="mt-1 text-xs text-gray-600">
        {jsonOnly ? (
          <FormattedMessage id="files.limitJson" defaultMessage="A JSON file (.json), at most 5 MB." />
        ) : (
          <FormattedMessage id="files.limit" defaultMessage="At most 5 MB per file." />
        )}
      </p>
      {(state.phase === 'uploading' || state.phase === 'done') && (
        <div className="mt-2">
          <progress
            className="h-2 w-full accent-primary-700"
            max={100}
            value={percent}
            aria-label={intl.formatMessage(
              { id: 'files.progress', defaultMessage: 'Uploading {name}' },
              { name: state.name },
            )}
          />
          <p className="text-xs text-gray-700" aria-live="polite">
            {state.phase === 'done' ? (
              <FormattedMessage
                id="files.uploaded"
                defaultMessage="{name} uploaded"
                values={{ name: state.name }}
              />
            ) : (
              `${percent} %`
            )}
          </p>
        </div>
      )}
      {(state.phase === 'error' || write.error) && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.phase === 'error' ? state.text : write.error}
        </p>
      )}
    </div>
  )
}
