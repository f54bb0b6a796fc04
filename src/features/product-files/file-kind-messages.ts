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

/**
 * Sizes as people read them, in the chosen language's units: bytes in words ("500 tavua"), then
 * kB or MB as its short unit ("2,5 kt", "3 Mt" in Finnish).
 */
export function formatSize(bytes: number, locale: string): string {
  const format = (n: number, unit: 'byte' | 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 1,
    }).format(n)
  if (bytes < 1024) return format(bytes, 'byte')
  if (bytes < 1024 * 1024) return format(bytes / 1024, 'kilobyte')
  return format(bytes / 1024 / 1024, 'megabyte')
}
