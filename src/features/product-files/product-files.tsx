import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { useOnlineWrite } from '../../api/online-write'
import {
  deleteProductFile,
  downloadProductFile,
  type FileKind,
  type ProductFile,
  productFileKeys,
  productFilesQuery,
} from '../../api/product-files'
import { apiError } from '../../core/http'
import { useSession } from '../../core/session'
import { Alert } from '../../ui/alert'
import { confirmDialog } from '../../ui/dialog-parts'
import { OnDemand } from '../../ui/on-demand'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { PartFailure } from '../../ui/query-state'
import { fileKindMessages, formatSize } from './file-kind-messages'
import { FileUpload } from './file-upload'

/**
 * A product's files, one group per kind (a transformer's mapper, raw and JSON input and output),
 * or one list when no kinds are given. Online-only: bytes are not kept in the outbox.
 */
export function ProductFiles({ productId, kinds }: { productId: string; kinds?: readonly FileKind[] }) {
  const intl = useIntl()
  const session = useSession()
  const queryClient = useQueryClient()
  const query = useQuery({ ...productFilesQuery(productId), enabled: session !== null })
  const [removing, setRemoving] = useState<ProductFile | null>(null)
  const [error, setError] = useState<unknown>(null)
  const removal = useOnlineWrite((fileId: string, key: string) => deleteProductFile(productId, fileId, key))
  if (!session) return null
  const files = query.data ?? []
  const groups = kinds?.length
    ? kinds.map((kind) => ({ kind, files: files.filter((f) => f.kind === kind) }))
    : [{ kind: undefined, files }]

  const download = async (file: ProductFile) => {
    setError(null)
    const result = await downloadProductFile(productId, file.id)
    if (!(result.data instanceof Blob)) return setError(apiError(result))
    const url = URL.createObjectURL(result.data)
    const link = document.createElement('a')
    link.href = url
    link.download = file.name
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }

  const remove = async (file: ProductFile) => {
    setRemoving(null)
    setError(null)
    const result = await removal.run(file.id)
    if (!result) return
    await queryClient.invalidateQueries({ queryKey: productFileKeys.ofProduct(productId) })
  }

  return (
    <section className="rounded-lg bg-white p-4 shadow-sm" aria-labelledby={`files-${productId}`}>
      <h2 id={`files-${productId}`} className="mb-2 text-lg font-semibold">
        {intl.formatMessage(fileKindMessages.files)}
      </h2>
      <p className="mb-3 text-sm text-gray-700">
        <FormattedMessage
          id="files.sentAtOnce"
          defaultMessage="A file is sent to the platform as soon as it is uploaded; it needs a connection."
        />
      </p>
      {removal.error && (
        <div className="mb-3">
          <Alert>{removal.error}</Alert>
        </div>
      )}
      <PartFailure query={query} error={error} className="mb-3" />
      {groups.map(({ kind, files: group }) => {
        const label = intl.formatMessage(fileKindMessages[kind ?? 'files'])
        return (
          <div key={kind ?? 'files'} className="mb-5 border-t border-gray-100 pt-3 first-of-type:border-0">
            {kind && <h3 className="font-medium text-gray-900">{label}</h3>}
            <ul aria-label={label} className="mt-1 divide-y divide-gray-100 text-sm">
              {group.length === 0 && query.data !== undefined && (
                <li className="py-2 text-gray-600">
                  <FormattedMessage id="files.none" defaultMessage="No files." />
                </li>
              )}
              {group.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="min-w-0 flex-1 truncate font-mono">{file.name}</span>
                  <span className="text-gray-600">{formatSize(file.size, intl.locale)}</span>
                  {file.createdAt && (
                    <span className="hidden text-gray-600 sm:inline">
                      <FormattedDate value={file.createdAt} dateStyle="short" />
                    </span>
                  )}
                  <span className="flex gap-1">
                    <OnlineOnlyButton variant="ghost" onClick={() => void download(file)}>
                      <FormattedMessage id="files.download" defaultMessage="Download" />
                      <span className="sr-only"> {file.name}</span>
                    </OnlineOnlyButton>
                    <OnlineOnlyButton
                      variant="ghost"
                      disabled={removal.busy}
                      aria-busy={removal.busy}
                      onClick={() => setRemoving(file)}
                    >
                      <FormattedMessage id="common.delete" defaultMessage="Delete" />
                      <span className="sr-only"> {file.name}</span>
                    </OnlineOnlyButton>
                  </span>
                </li>
              ))}
            </ul>
            <FileUpload productId={productId} kind={kind} label={label} />
          </div>
        )
      })}
      <OnDemand part={confirmDialog} asked={removing !== null} onClose={() => setRemoving(null)}>
        {(ConfirmDialog) => (
          <ConfirmDialog
            open={removing !== null}
            title={
              <FormattedMessage
                id="files.deleteTitle"
                defaultMessage="Delete {name}?"
                values={{ name: removing?.name ?? '' }}
              />
            }
            description={
              <FormattedMessage
                id="files.deleteText"
                defaultMessage="The file is removed from the platform."
              />
            }
            confirmLabel={<FormattedMessage id="common.delete" defaultMessage="Delete" />}
            onConfirm={() => removing && void remove(removing)}
            onCancel={() => setRemoving(null)}
            danger
          />
        )}
      </OnDemand>
    </section>
  )
}
