import { FormattedMessage } from 'react-intl'
import { Button } from '../ui/button'
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '../ui/dialog'
import { Icon } from '../ui/icon'

/** How to install on iOS Safari, which has no install prompt: Share, then Add to Home Screen. */
export default function AddToHomeScreen({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} placement="sheet">
      <DialogTitle>
        <FormattedMessage id="pwa.iosTitle" defaultMessage="Add the console to your home screen" />
      </DialogTitle>
      <DialogDescription asChild>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-gray-800">
          <li>
            <FormattedMessage
              id="pwa.iosStep1"
              defaultMessage="Tap the Share button {icon} in Safari's toolbar."
              values={{
                icon: (
                  <Icon d="M12 3v12M8 7l4-4 4 4M5 11v9h14v-9" className="inline h-4 w-4 align-text-bottom" />
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
      </DialogDescription>
      <div className="mt-5 flex justify-end">
        <DialogClose asChild>
          <Button className="min-h-11">
            <FormattedMessage id="common.close" defaultMessage="Close" />
          </Button>
        </DialogClose>
      </div>
    </Dialog>
  )
}
