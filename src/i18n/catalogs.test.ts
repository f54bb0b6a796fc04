import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { extractMessages } from './test-extract'

/** The argument names a message uses, in every branch of its selects and plurals and inside its tags. */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type !== TYPE.literal && el.type !== TYPE.pound) out.add(el.value)
    if (el.type === TYPE.select || el.type === TYPE.plural)
      for (const option of Object.values(el.options)) argumentsOf(option.value, out)
    if (el.type === TYPE.tag) argumentsOf(el.children, out)
  }
  return out
}

describe('message catalogs', () => {
  it('fi and en have the same keys', () => {
    expect(Object.keys(fi).sort()).toEqual(Object.keys(en).sort())
  })
  it('every message used in the code is in both catalogs, English verbatim', () => {
    const used = extractMessages()
    expect(Object.keys(used).length).toBeGreaterThan(20)
    for (const [id, defaultMessage] of Object.entries(used)) {
      expect(en, id).toHaveProperty([id], defaultMessage)
      expect(fi, id).toHaveProperty([id])
    }
  })
  it('a dialog never offers two buttons of the same word: an action differs from Cancel', () => {
    for (const catalog of [fi, en] as Record<string, string>[]) {
      for (const action of ['tokens.revoke', 'tokens.remove', 'tokens.renew', 'common.delete']) {
        if (catalog[action]) expect(catalog[action], action).not.toBe(catalog['common.cancel'])
      }
    }
  })
  it('a Finnish message uses the same arguments as the English one: each value the code passes is shown', () => {
    for (const [id, text] of Object.entries(en as Record<string, string>)) {
      const finnish = (fi as Record<string, string>)[id] ?? ''
      expect([...argumentsOf(parse(finnish))].sort(), id).toEqual([...argumentsOf(parse(text))].sort())
    }
  })
  it('has no empty translations', () => {
    for (const [id, text] of Object.entries({ ...fi, ...en })) expect(text.trim(), id).not.toBe('')
  })
})
