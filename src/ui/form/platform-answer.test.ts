import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import fi from '../../../lang/fi.json'
import { formFieldName, platformFieldMessage } from './platform-answer'

const en = createIntl({ locale: 'en', messages: {} })
const finnish = createIntl({ locale: 'fi', messages: fi })

describe('a platform field error, in the user language and units', () => {
  it('says a taken code by its field', () => {
    const issue = {
      path: 'dataFormatCode',
      message: 'A data format with the same code already exists.',
      rule: 'unique',
    }
    expect(platformFieldMessage(en, issue)).toBe('Another data format already has this code.')
    expect(platformFieldMessage(finnish, issue)).toBe('Toisella tietomuodolla on jo tämä koodi.')
    expect(platformFieldMessage(en, { ...issue, path: 'productCode' })).toBe(
      'Product with the same product code already exists.',
    )
  })
  it('says a too large interval in hours, not in milliseconds', () => {
    const issue = { path: 'interval', message: 'Too big: expected number to be <=31622400000' }
    expect(platformFieldMessage(en, issue)).toBe('At most 8784h (366 days)')
    expect(platformFieldMessage(finnish, issue)).toBe('Enintään 8784 h (366 päivää)')
    expect(platformFieldMessage(en, { path: 'concurrentExecutions', message: 'Too large' })).toBe(
      'At most 1000 at once',
    )
  })
  it('translates a known rule message and says an unknown one in its own words', () => {
    expect(platformFieldMessage(finnish, { path: 'name', message: 'This field is required' })).toBe(
      'Tämä kenttä on pakollinen',
    )
    expect(platformFieldMessage(en, { path: 'name', message: 'Weird platform text' })).toBe(
      'The platform did not accept this value.',
    )
  })
  it('names array fields as the form does', () => {
    expect(formFieldName('actions.0.name')).toBe('actions[0].name')
    expect(formFieldName('jobs.12.schedule')).toBe('jobs[12].schedule')
    expect(formFieldName('productCode')).toBe('productCode')
  })
})
