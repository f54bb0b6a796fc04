import { act, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { OnDemand, onDemand } from './on-demand'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/dialog.js')
const Dialog = ({ text }: { text: string }) => <p role="dialog">{text}</p>
const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)))

/** Shows the caught error with a way to render again, as a route's error page does. */
class Caught extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render() {
    return this.state.error ? (
      <button type="button" onClick={() => this.setState({ error: null })}>
        again
      </button>
    ) : (
      this.props.children
    )
  }
}

const screenWith = (part: ReturnType<typeof partOf>['part'], asked: boolean, preload?: boolean) => (
  <Caught>
    <OnDemand part={part} asked={asked} preload={preload}>
      {(Loaded) => <Loaded text="Delete it?" />}
    </OnDemand>
  </Caught>
)
function partOf(load: () => Promise<{ Dialog: typeof Dialog }>) {
  const spy = vi.fn(load)
  return { spy, part: onDemand(spy, (m) => m.Dialog) }
}

describe('a part loaded on demand', () => {
  it('is fetched once the page is idle, and rendered only from when it is asked for on', async () => {
    const { spy, part } = partOf(() => Promise.resolve({ Dialog }))
    const { rerender } = render(screenWith(part, false))
    expect(spy).not.toHaveBeenCalled()
    await idle()
    expect(spy).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    rerender(screenWith(part, true))
    expect((await screen.findByRole('dialog')).textContent).toBe('Delete it?')
    // Closed again, it stays rendered: closing it is its own.
    rerender(screenWith(part, false))
    expect(screen.queryByRole('dialog')).not.toBeNull()
  })

  it('is not fetched for a user who cannot ask for it, until asked', async () => {
    const { spy, part } = partOf(() => Promise.resolve({ Dialog }))
    const { rerender } = render(screenWith(part, false, false))
    await idle()
    expect(spy).not.toHaveBeenCalled()
    rerender(screenWith(part, true, false))
    expect(await screen.findByRole('dialog')).not.toBeNull()
  })

  it('tries again when rendered again after its code failed to come', async () => {
    const load = vi
      .fn<() => Promise<{ Dialog: typeof Dialog }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ Dialog })
    const part = onDemand(load, (m) => m.Dialog)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(screenWith(part, true, false))
    const again = await screen.findByRole('button', { name: 'again' })
    act(() => again.click())
    expect((await screen.findByRole('dialog')).textContent).toBe('Delete it?')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
