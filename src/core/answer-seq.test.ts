import { describe, expect, it } from 'vitest'
import { answersSeq, noteAnswerSeq } from './answer-seq'

describe('the changes answers hold', () => {
  it('keeps the lowest seq per environment, and ignores what is not one', () => {
    expect(answersSeq('sandbox')).toBeUndefined()
    noteAnswerSeq('/api/sandbox/tasks?limit=10', '42')
    noteAnswerSeq('/api/sandbox/events', '40')
    noteAnswerSeq('/api/sandbox/tasks/1', '45')
    noteAnswerSeq('/api/production/tasks', '7')
    for (const bad of [null, '', 'x', '-1', '1.5', '1e30']) noteAnswerSeq('/api/sandbox/tasks', bad)
    noteAnswerSeq('/assets/main.js', '1')
    expect(answersSeq('sandbox')).toBe(40)
    expect(answersSeq('production')).toBe(7)
  })
})
