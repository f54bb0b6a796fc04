import { defineMessages } from 'react-intl'
import type { FileKind } from '../../api/product-files'

export const fileKindMessages = defineMessages({
  mapper: { id: 'files.kind.mapper', defaultMessage: 'Mapper' },
  'input-raw': { id: 'files.kind.inputRaw', defaultMessage: 'Raw input' },
  'input-json': { id: 'files.kind.inputJson', defaultMessage: 'JSON input' },
  'output-raw': { id: 'files.kind.outputRaw', defaultMessage: 'Raw output' },
  'output-json': { id: 'files.kind.outputJson', defaultMessage: 'JSON output' },
  files: { id: 'files.title', defaultMessage: 'Files' },
} satisfies Record<FileKind | 'files', { id: string; defaultMessage: string }>)

/** Sizes as people read them: bytes, kB or MB. */
export function formatSize(bytes: number, locale: string): string {
  const number = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n)
  if (bytes < 1024) return `${number(bytes)} B`
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} kB`
  return `${number(bytes / 1024 / 1024)} MB`
}
