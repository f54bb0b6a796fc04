import { launchWebKit } from './drivers'
import { crossBrowserSuite } from './suite'

crossBrowserSuite('WebKitGTK', {
  code: 'WK',
  launch: () => launchWebKit(4443),
  port: 4442,
})
