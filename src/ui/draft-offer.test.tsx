import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { useDraft } from '../outbox/drafts'
import { renderInConsole } from '../test-render'
import { DraftOffer } from './draft-offer'

const noDraft: ReturnType<typeof useDraft<unknown>> = {
  offered: null,
  storageFull: false,
  kept: false,
  release: () => {},
  accept: () => undefined,
  discard: async () => {},
}

describe('DraftOffer', () => {
  it('says in the chosen language that a change could not be kept, with the error as a detail', () => {
    renderInConsole(<DraftOffer draft={noDraft} saveError="UnknownError: boom" onRestore={() => {}} />, {
      locale: 'fi',
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'Laite ei pystynyt tallentamaan muutosta. Kirjoittamasi tiedot pysyvät lomakkeella; tallenna uudelleen. (UnknownError: boom)',
    )
  })
})
