import * as Dialog from '@radix-ui/react-dialog'
import { FormattedMessage } from 'react-intl'
import { Button } from '../ui/button'
import { Icon } from '../ui/icon'
import { useReturnFocus } from '../ui/return-focus'

/** How to install on iOS Safari, which has no install prompt: Share, then Add to Home Screen. */
export default function AddToHomeScreen({ onClose }: { onClose: () => void }) {
  const returnFocus = useReturnFocus(true)
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-x-2 bottom-2 z-50 rounded-lg bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2"
        >
          <Dialog.Title className="text-lg font-semibold">
            <FormattedMessage id="pwa.iosTitle" defaultMessage="Add the console to your home screen" />
          </Dialog.Title>
          <Dialog.Description asChild>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-gray-800">
              <li>
                <FormattedMessage
                  id="pwa.iosStep1"
                  defaultMessage="Tap the Share button {icon} in Safari's toolbar."
                  values={{
                    icon: (
                      <Icon
                        d="M12 3v12M8 7l4-4 4 4M5 11v9h14v-9"
                        className="inline h-4 w-4 align-text-bottom"
                      />
                    ),
                  }}
                />
              </li>
              <li>
                <FormattedMessage id="pwa.iosStep2" defaultMessage="Choose Add to Home Screen, then Add." />
              </li>
              <li>
                <FormattedMessage
                  id="pwa.iosStep3"
                  defaultMessage="Open Orchestrator from its icon: it starts full screen and opens offline."
                />
              </li>
            </ol>
          </Dialog.Description>
          <div className="mt-5 flex justify-end">
            <Dialog.Close asChild>
              <Button className="min-h-11">
                <FormattedMessage id="common.close" defaultMessage="Close" />
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
