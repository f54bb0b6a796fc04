// PWA layer, and part of the entry script: no dependencies, so the entry stays small.

type Take = (event: Event) => void

let listening = false
let kept: Event | undefined
let take: Take | undefined

/**
 * The browser's install offer (`beforeinstallprompt`) can come while the console is still loading,
 * before the install control is there to hear it, and it comes once. From the entry script on, it is
 * kept (the browser's own prompt held back) for the control to take.
 */
export function keepInstallOffers() {
  if (listening) return
  listening = true
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    if (take) take(event)
    else kept = event
  })
}

/** Hands the offer kept so far, and every later one, to `taker`. */
export function onInstallOffer(taker: Take) {
  keepInstallOffers()
  take = taker
  if (kept) taker(kept)
  kept = undefined
}
