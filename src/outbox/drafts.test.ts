import { describe, expect, it } from 'vitest'
import { TASK_SECRETS } from '../contract/task'
import { db } from './db'
import { scrubDraftSecrets } from './drafts'

describe('drafts at sign-out', () => {
  it('lose every typed secret and keep the rest for the next sign-in', async () => {
    await db.drafts.bulkPut([
      {
        key: 'u1|o1|sandbox|task|new',
        values: {
          name: 'Nightly',
          clientSecret: 'typed-secret',
          hookToken: 'typed-hook',
          appAccessToken: '',
        },
        updatedAt: 1,
      },
      { key: 'u1|o1|sandbox|data-format|new', values: { name: 'CSV' }, updatedAt: 2 },
    ])
    await scrubDraftSecrets(TASK_SECRETS)
    expect(await db.drafts.get('u1|o1|sandbox|task|new')).toMatchObject({
      values: { name: 'Nightly', clientSecret: '', hookToken: '', appAccessToken: '' },
    })
    expect((await db.drafts.get('u1|o1|sandbox|data-format|new'))?.values).toEqual({ name: 'CSV' })
    expect(JSON.stringify(await db.drafts.toArray())).not.toContain('typed-')
  })
})
