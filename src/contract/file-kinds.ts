/** What a product may keep as files: a mapper, and a transformer's raw and JSON samples. */
export const FILE_KINDS = ['mapper', 'input-raw', 'input-json', 'output-raw', 'output-json'] as const
export type FileKind = (typeof FILE_KINDS)[number]

/** File kinds whose content is JSON (a transformer's JSON samples): the platform takes only JSON for them. */
export const JSON_FILE_KINDS: readonly string[] = ['input-json', 'output-json']

/** What a file chooser offers for a JSON kind. */
export const JSON_FILE_ACCEPT = '.json,application/json'

export const NOT_JSON_FILE = 'The file must be JSON (.json)'

/** A JSON file by its name or type, as a browser's chooser would label it. */
export const looksLikeJsonFile = (name: string, type: string) =>
  /\.json$/i.test(name) || /^application\/([\w.-]+\+)?json\b/i.test(type)
