import { act, screen } from '@testing-library/react'
import { Component, type ReactNode, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderInConsole as render } from '../test-render'
import { Notices } from './notice'
import { OnDemand, type OnDemandPart, onDemand } from './on-demand'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/dialog.js')
const Dialog = ({ text }: { text: string }) => <p role="dialog">{text}</p>
const Broken = (_: { text: string }): ReactNode => {
  throw new Error('a bug')
}
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
    <OnDemand part={part} asked={asked} preload={preload} onClose={() => undefined}>
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

  it('when its code does not come, is closed and says so, the screen kept; asked for again, it comes', async () => {
    const load = vi
      .fn<() => Promise<{ Dialog: typeof Dialog }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ Dialog })
    const part = onDemand(load, (m) => m.Dialog)
    // The check of whether the chunk is gone from the server (a new version) finds it is not.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 200 }))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderAsking(part)
    screen.getByRole('textbox').focus()
    act(() => screen.getByRole('button', { name: 'Delete' }).click())
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This part of the console could not be loaded. Nothing on this screen was lost',
    )
    // Closed (what cancelling it does), the screen and its input as they were, no error page.
    expect(screen.getByTestId('asked').textContent).toBe('no')
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('typed')
    expect(screen.queryByRole('button', { name: 'again' })).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    // Asked for again, the code is fetched again.
    act(() => screen.getByRole('button', { name: 'Delete' }).click())
    expect((await screen.findByRole('dialog')).textContent).toBe('Delete it?')
    expect(load).toHaveBeenCalledTimes(2)
    vi.restoreAllMocks()
  })

  it('leaves any other error of the part to the screen', async () => {
    const part = onDemand(
      () => Promise.resolve({ Broken }),
      (m) => m.Broken,
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderAsking(part)
    act(() => screen.getByRole('button', { name: 'Delete' }).click())
    expect(await screen.findByRole('button', { name: 'again' })).not.toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    vi.restoreAllMocks()
  })
})

/** The asking screen with the notices, as the console shows them, and an error page around both. */
function renderAsking(part: OnDemandPart<{ text: string }>) {
  return render(
    <Caught>
      <Notices />
      <AskingScreen part={part} />
    </Caught>,
  )
}

/** A screen with input and a button that asks for the part, closed again by the part's `onClose`. */
function AskingScreen({ part }: { part: OnDemandPart<{ text: string }> }) {
  const [asked, setAsked] = useState(false)
  return (
    <div>
      <input defaultValue="typed" />
      <button type="button" onClick={() => setAsked(true)}>
        Delete
      </button>
      <span data-testid="asked">{asked ? 'yes' : 'no'}</span>
      <OnDemand part={part} asked={asked} preload={false} onClose={() => setAsked(false)}>
        {(Loaded) => <Loaded text="Delete it?" />}
      </OnDemand>
    </div>
  )
}
