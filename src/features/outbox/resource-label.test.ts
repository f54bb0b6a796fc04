import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../../lang/en.json'
import fi from '../../../lang/fi.json'
import { resourceLabel } from './sync-centre'

const english = createIntl({ locale: 'en', messages: en })
const finnish = createIntl({ locale: 'fi', messages: fi })

describe('what a queued change is of, in the sync centre', () => {
  it('says each resource in the user language, never its code', () => {
    expect(resourceLabel(finnish, { resource: 'tasks' })).toBe('Tehtävä')
    expect(resourceLabel(finnish, { resource: 'data-formats' })).toBe('Tietomuoto')
    expect(resourceLabel(english, { resource: 'contracts' })).toBe('Contract')
    expect(resourceLabel(english, { resource: 'applications' })).toBe('Application')
  })

  it('says a catalog entry by the kind its body names', () => {
    expect(resourceLabel(finnish, { resource: 'catalog', body: { type: 'datasource' } })).toBe('Tietolähde')
    expect(resourceLabel(english, { resource: 'catalog', body: { type: 'datasource-template' } })).toBe(
      'Template',
    )
    expect(resourceLabel(english, { resource: 'catalog', body: { name: 'no type' } })).toBe('Catalog entry')
  })
})
