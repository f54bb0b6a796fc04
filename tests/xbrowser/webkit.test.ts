import { launchWebKit } from './drivers'
import { crossBrowserSuite } from './suite'

crossBrowserSuite('WebKitGTK', {
  code: 'WK',
  launch: () => launchWebKit(4443),
  port: 4442,
  pending: {
    'navigation during loading':
      "WebKitGTK's IndexedDB stops answering the page opened while the one before it was still " +
      'loading: the boot store never opens (no error, not blocked; 3 of 4 tries), so the console stays ' +
      'on its static frame; a reload does not help, going through about:blank does',
  },
})
